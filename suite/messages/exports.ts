// The words of the exports staff and brands download: the columns of a campaign's published
// reviews, the disclosure line each of those reviews carries on the public pages, and the index of
// their photos' ZIP file.
import { say } from './i18n'

export const reviewExportWords = () => ({
  columns: [
    say(/*i18n*/ { id: 'export.reviews.column.id', message: 'Review' }),
    say(/*i18n*/ { id: 'export.reviews.column.rating', message: 'Rating' }),
    say(/*i18n*/ { id: 'export.reviews.column.title', message: 'Title' }),
    say(/*i18n*/ { id: 'export.reviews.column.text', message: 'Text' }),
    say(/*i18n*/ { id: 'export.reviews.column.published', message: 'Published' }),
    say(/*i18n*/ { id: 'export.reviews.column.reviewer', message: 'Reviewer' }),
    say(/*i18n*/ { id: 'export.reviews.column.disclosure', message: 'Disclosure' }),
    say(/*i18n*/ { id: 'export.reviews.column.photos', message: 'Photos' }),
  ],
  disclosure: say(/*i18n*/ { id: 'export.reviews.disclosure', message: 'This reviewer received the product for free in exchange for an honest review.' }),
})

export const photoExportWords = () => ({
  /** The index file inside the ZIP. */
  indexName: say(/*i18n*/ { id: 'export.photos.index-name', message: 'photos.csv' }),
  columns: [
    say(/*i18n*/ { id: 'export.photos.column.file', message: 'File' }),
    say(/*i18n*/ { id: 'export.photos.column.review', message: 'Review' }),
    say(/*i18n*/ { id: 'export.photos.column.rating', message: 'Rating' }),
    say(/*i18n*/ { id: 'export.photos.column.title', message: 'Title' }),
    say(/*i18n*/ { id: 'export.photos.column.reviewer', message: 'Reviewer' }),
    say(/*i18n*/ { id: 'export.photos.column.description', message: 'Description' }),
  ],
})
