// Components under test render with the catalog in memory, as the server does.
import '../../app/i18n/catalog.server'
