// What crawlers read first: robots.txt, which keeps them out of what is not public and names the
// sitemap, and the sitemaps (sitemaps.org protocol): an index of the fixed pages' sitemap, the
// published campaigns' and the published reviews' in shares of at most 50,000 addresses. A
// reviews sitemap is streamed from the member API and written as it arrives, never held whole.
// X-Robots-Tag keeps the files themselves out of search results; crawlers still read them.
import { ENDPOINTS } from '#contract/endpoints'
import type { SitemapIndex } from '#contract/sitemap'
import { UUID_PATTERN } from '#contract/common'
import { portalConfig } from '~/config/config.server'
import { callEndpoint, streamFile } from '~/upstream/suite-client.server'

/** Crawlers read these files a few times a day: a shared cache may keep them for an hour. */
const CACHE = 'public, max-age=3600'

/** Pages anyone may read whose content is the portal's own text (their lastmod is not known). */
const FIXED_PAGES = ['/en/how-it-works', '/en/about-us', '/en/legal', '/en/contact', '/en/support']

/**
 * What no crawler should read: a person's own pages, the console and the brands', sign-in steps
 * and links sent by e-mail, the portal's calls, exports and photos that are not public.
 */
const DISALLOWED = [
  '/en/member/',
  '/en/ops',
  '/en/brand',
  '/en/user/',
  '/en/products/',
  '/en/join-brand',
  '/en/ready-to-test$',
  '/en/upcoming-tests',
  '/en/unsubscribe',
  '/en/error',
  '/unsubscribe',
  '/_serverFn/',
  '/ops-exports/',
  '/brand-exports/',
  '/images/my-review-photos/',
  '/images/ops-review-photos/',
]

const xmlText = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;')

const origin = () => portalConfig().publicUrl

export function robotsResponse(): Response {
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin()}/sitemap.xml`, '']
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE } })
}

/** A sitemap file's answer (compressed on its way out as every text answer is: app/server/compression.ts). */
function xmlResponse(body: string | ReadableStream<Uint8Array>): Response {
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE, 'X-Robots-Tag': 'noindex' } })
}

const unavailable = () => new Response('The sitemap is unavailable just now.', { status: 503, headers: { 'Retry-After': '300', 'Cache-Control': 'no-store' } })
const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })

const urlEntry = (path: string, lastmod?: string | null) =>
  `<url><loc>${xmlText(`${origin()}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
const URLSET_CLOSE = '</urlset>\n'

/** The name of a reviews sitemap: the first share, or the share after a review id. */
const reviewsFile = (after: string | null) => (after === null ? 'reviews-first.xml' : `reviews-after-${after}.xml`)
const REVIEWS_FILE = new RegExp(`^reviews-(?:first|after-(${UUID_PATTERN}))\\.xml$`, 'i')

const latest = (...dates: Array<string | null | undefined>) =>
  dates
    .filter((date): date is string => !!date)
    .sort()
    .at(-1) ?? null

export async function sitemapIndexResponse(): Promise<Response> {
  const result = await callEndpoint(ENDPOINTS.publicSitemap)
  if (!result.ok) return unavailable()
  const index: SitemapIndex = result.data
  const newest = latest(index.campaignsLastmod, ...index.reviews.map((share) => share.lastmod))
  const entry = (file: string, lastmod: string | null) =>
    `<sitemap><loc>${xmlText(`${origin()}/sitemaps/${file}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    entry('pages.xml', newest),
    entry('campaigns.xml', index.campaignsLastmod),
    ...index.reviews.map((share) => entry(reviewsFile(share.after), share.lastmod)),
    '</sitemapindex>\n',
  ].join('')
  return xmlResponse(body)
}

/** One sitemap of the index by its file name; an unknown name is a 404. */
export async function sitemapResponse(file: string): Promise<Response> {
  if (file === 'pages.xml') return pagesSitemap()
  if (file === 'campaigns.xml') return campaignsSitemap()
  const share = REVIEWS_FILE.exec(file)
  if (share) return reviewsSitemap(share[1]?.toLowerCase() ?? null)
  return notFound()
}

async function pagesSitemap(): Promise<Response> {
  const result = await callEndpoint(ENDPOINTS.publicSitemap)
  if (!result.ok) return unavailable()
  const reviewsLastmod = latest(...result.data.reviews.map((share) => share.lastmod))
  const campaignsLastmod = result.data.campaignsLastmod
  const body = [
    URLSET_OPEN,
    urlEntry('/en', latest(reviewsLastmod, campaignsLastmod)),
    urlEntry('/en/reviews', reviewsLastmod),
    urlEntry('/en/campaign-details', campaignsLastmod),
    ...FIXED_PAGES.map((path) => urlEntry(path)),
    URLSET_CLOSE,
  ].join('')
  return xmlResponse(body)
}

async function campaignsSitemap(): Promise<Response> {
  const result = await callEndpoint(ENDPOINTS.publicSitemapCampaigns)
  if (!result.ok) return unavailable()
  const body = [
    URLSET_OPEN,
    ...result.data.items.map((item) => urlEntry(`/en/ready-to-test/${encodeURIComponent(item.slug)}`, item.lastmod)),
    URLSET_CLOSE,
  ].join('')
  return xmlResponse(body)
}

/** A share of the reviews: the member API's CSV lines `"id","published at"`, written as <url> entries as they arrive. */
async function reviewsSitemap(after: string | null): Promise<Response> {
  const file = await streamFile(ENDPOINTS.publicSitemapReviews, { query: after === null ? {} : { after } })
  if (!file.ok) return file.failure.kind === 'rejected' ? notFound() : unavailable()
  const encoder = new TextEncoder()
  let pending = ''
  const entries = (text: string) =>
    text
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => {
        // Two quoted fields that hold neither a comma nor a quote: an id and an instant.
        const [id, published] = line.split(',').map((field) => field.replaceAll('"', ''))
        return urlEntry(`/en/reviews/${id}`, published)
      })
      .join('')
  const toXml = new TransformStream<string, Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN))
    },
    transform(chunk, controller) {
      // A line may arrive in two pieces: the part after the last line end waits for the rest.
      const text = pending + chunk
      const end = text.lastIndexOf('\r\n')
      pending = end === -1 ? text : text.slice(end + 2)
      if (end !== -1) controller.enqueue(encoder.encode(entries(text.slice(0, end))))
    },
    flush(controller) {
      controller.enqueue(encoder.encode(entries(pending) + URLSET_CLOSE))
    },
  })
  const decoder = new TextDecoder()
  const text = new TransformStream<Uint8Array, string>({
    transform: (chunk, controller) => controller.enqueue(decoder.decode(chunk, { stream: true })),
    flush: (controller) => controller.enqueue(decoder.decode()),
  })
  return xmlResponse(file.body.pipeThrough(text).pipeThrough(toXml))
}
