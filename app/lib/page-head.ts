// What a page says about itself in the document's head: its own title (tabs, history, screen
// readers and search results tell pages apart by it), and on public pages a description.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { i18n } from '~/i18n/i18n'

type Text = MessageDescriptor | string

/** The site's own title and description: the home page's, and every page's until it says its own. */
const SITE_TITLE = msg({ id: 'meta.title', message: 'Testers Circle — test products, share honest reviews' })
const SITE_DESCRIPTION = msg({
  id: 'meta.description',
  message: 'Join a community of everyday testers: apply for free products, test them at home and share honest reviews.',
})

const text = (value: Text) => (typeof value === 'string' ? value : i18n._(value))

/** A page's title: what the page is, then the site's name. */
export function pageTitle(name: Text): string {
  const page = text(name)
  return i18n._(msg`${page} | Testers Circle`)
}

/**
 * The head of a page: its title and, for a page visitors and search engines read, what it is
 * about in a sentence or two (it replaces the site's own description).
 */
export function pageHead(title: Text, description?: Text) {
  return {
    meta: [{ title: pageTitle(title) }, ...(description === undefined ? [] : [{ name: 'description', content: text(description) }])],
  }
}

/** A console page's head: console pages are told apart from the member pages of the same name. */
export function consoleHead(title: Text) {
  const page = text(title)
  return pageHead(i18n._(msg`${page} — console`))
}

/** A brand page's head, for the brand's people following their tests. */
export function brandHead(title: Text) {
  const page = text(title)
  return pageHead(i18n._(msg`${page} — brand`))
}

/** The site's head: the home page's, and the default under every page's own. */
export function siteHead() {
  return { meta: [{ title: i18n._(SITE_TITLE) }, { name: 'description', content: i18n._(SITE_DESCRIPTION) }] }
}

/** The not-found page's head, wherever it is shown. */
export function notFoundHead() {
  return pageHead(msg`Page not found`)
}

/** A page search engines must not list (a person's own pages, sign-in steps, links sent by e-mail, errors). */
export const NOT_INDEXED: Record<string, string> = { 'X-Robots-Tag': 'noindex' }

/** A signed-in person's page: kept by no shared cache, and listed by no search engine. */
export const PRIVATE_PAGE: Record<string, string> = { 'Cache-Control': 'private, no-store', ...NOT_INDEXED }
