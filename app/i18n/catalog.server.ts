// The server renders with the catalog in memory; the browser fetches the same messages from
// /_i18n/{hash}/{locale}/messages.json (browser-messages.ts).
import type { Messages } from '@lingui/core'
import { messages as en } from '../../locales/en/messages.po'
import { DEFAULT_LOCALE, i18n, type Locale } from './i18n'
import { withPlainTexts } from './plain-text'

export const CATALOGS: Record<Locale, Messages> = { en: withPlainTexts(en) }

i18n.load(CATALOGS)
i18n.activate(DEFAULT_LOCALE)
