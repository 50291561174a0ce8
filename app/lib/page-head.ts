// What a page says about itself in the document's head: its own title (tabs, history, screen
// readers and search results tell pages apart by it), and on public pages a description, the
// address search engines should list it under, and the card a shared link shows.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { Thing, WithContext } from 'schema-dts'
import type { ProductImage } from '#contract/product-images'
import { productImageSrc } from '~/components/catalogue/product-image-src'
import { i18n } from '~/i18n/i18n'
import { homeData } from '~/lib/structured-data'
import { publicConfigQuery } from '~/lib/public-config'

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

/**
 * The opening of a text as a page's description: its words on one line, cut at a word before
 * `max` characters (search engines show about that many), with an ellipsis when cut.
 */
export function summaryOf(full: string, max = 160): string {
  const words = full
    .replace(/^\s*[-*•]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (words.length <= max) return words
  const cut = words.slice(0, max - 1)
  // Cut where a word ends: right after the last whole word that fits.
  const end = words[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ')
  return `${(end > max / 2 ? cut.slice(0, end) : cut).replace(/[\s,;:.–—-]+$/, '')}…`
}

/** An image for the card a shared link shows: where it is (a path of this portal), its size and what it shows. */
export type CardImage = { path: string; width: number; height: number; alt: string }

/**
 * The card image of a product: its first photograph, in the display size. The demo catalogue's
 * drawings (SVG) are no card image: link previews do not show SVG.
 */
export function cardImageOf(images: readonly ProductImage[]): CardImage | undefined {
  const first = images[0]
  const path = first ? productImageSrc(first.url, 'display') : null
  if (!first || !path || path.endsWith('.svg')) return undefined
  return { path, width: first.width, height: first.height, alt: first.alt }
}

export type PublicPage = {
  title: Text
  description: Text
  /**
   * The address the page's content is listed under, as a path with the query that changes what is
   * shown (a page of a list keeps its page; a sort or a second address of the same thing does not).
   */
  canonicalPath: string
  image?: CardImage
  /** What the page is to a link preview: a review or an article reads as one, the rest as the site. */
  type?: 'website' | 'article'
  /** What search engines read of the page in schema.org terms (~/lib/structured-data). */
  structuredData?: ReadonlyArray<WithContext<Thing>>
}

/** The home page: the site's own title and description, listed at the default locale's address. */
export function homeHead(queryClient: QueryClient) {
  return publicPageHead(queryClient, {
    title: SITE_TITLE,
    description: SITE_DESCRIPTION,
    canonicalPath: '/en',
    wholeTitle: true,
    structuredData: homeData(publicUrlOf(queryClient)),
  })
}

/**
 * A meta entry the router writes as `<script type="application/ld+json">`, the JSON's <, > and &
 * written as JSON escapes. The router's types know meta elements only, hence the cast.
 */
const jsonLd = (data: WithContext<Thing>) => ({ 'script:ld+json': data }) as unknown as { name: string; content: string }

/** The portal's public address (its PORTAL_URL), loaded by the root route before any page. */
export function publicUrlOf(queryClient: QueryClient): string {
  const config = queryClient.getQueryData(publicConfigQuery.queryKey)
  if (!config) throw new Error('The public configuration is loaded by the root route before any page')
  return config.publicUrl
}

/**
 * A public page's head: title, description, its canonical address (absolute, on the portal's
 * public address), and the Open Graph and Twitter card tags a shared link is shown with.
 */
export function publicPageHead(queryClient: QueryClient, page: PublicPage & { wholeTitle?: boolean }) {
  const origin = publicUrlOf(queryClient)
  const title = page.wholeTitle ? text(page.title) : pageTitle(page.title)
  const description = text(page.description)
  const url = `${origin}${page.canonicalPath}`
  const image = page.image
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:type', content: page.type ?? 'website' },
      { property: 'og:site_name', content: 'Testers Circle' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:locale', content: 'en_US' },
      ...(image
        ? [
            { property: 'og:image', content: `${origin}${image.path}` },
            { property: 'og:image:width', content: String(image.width) },
            { property: 'og:image:height', content: String(image.height) },
            { property: 'og:image:alt', content: image.alt },
            { name: 'twitter:card', content: 'summary_large_image' },
            { name: 'twitter:image:alt', content: image.alt },
          ]
        : [{ name: 'twitter:card', content: 'summary' }]),
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      ...(page.structuredData ?? []).map(jsonLd),
    ],
    links: [{ rel: 'canonical', href: url }],
  }
}
