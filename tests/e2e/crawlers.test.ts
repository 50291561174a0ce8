// What a search engine's crawler finds, starting at /robots.txt: the public pages allowed and the
// private ones not (read by a robots.txt parser), a sitemap index whose sitemaps list every
// published campaign and review, each valid against the sitemap protocol's XML schema, and public
// pages whose HTML a validator finds no error in.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import robotsParser from 'robots-parser'
import { describe, expect, inject, it } from 'vitest'
import { HtmlValidate } from 'html-validate'
import { validateXML } from 'xmllint-wasm'
import { baseUrl } from './support/browser'

/** The sitemaps.org schema of a sitemap file, as the `sitemap` package ships it (beside its entry point's folder). */
const sitemapPackage = resolve(dirname(fileURLToPath(import.meta.resolve('sitemap'))), '../..')
const SITEMAP_XSD = readFileSync(resolve(sitemapPackage, 'schema/sitemap.xsd'), 'utf8')
const CRAWLER = 'Googlebot'

const get = (path: string) => fetch(`${baseUrl()}${path}`, { headers: { 'user-agent': `Mozilla/5.0 (compatible; ${CRAWLER}/2.1)` } })
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!.replaceAll('&amp;', '&'))

async function expectValidSitemap(xml: string, name: string) {
  const result = await validateXML({ xml: [{ fileName: name, contents: xml }], schema: [{ fileName: 'sitemap.xsd', contents: SITEMAP_XSD }] })
  expect(result.errors.map((error) => error.message)).toEqual([])
  expect(result.valid).toBe(true)
}

describe('a crawler starting at robots.txt', () => {
  it('may read the public pages and none of the private ones, and is told where the sitemap is', async () => {
    const origin = baseUrl()
    const response = await get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const robots = robotsParser(`${origin}/robots.txt`, await response.text())
    const allowed = [
      '/',
      '/en',
      '/en/reviews',
      '/en/reviews/7b0d1a6e-0f8e-4a57-9a43-7f1e2b3c4d5e',
      '/en/ready-to-test/cold-brew',
      '/en/how-it-works',
      '/en/campaign-details',
      '/images/reviews/x/display',
      '/images/products/cold-brew.svg',
    ]
    const refused = [
      '/en/member/shipments',
      '/en/ops',
      '/en/ops/members',
      '/en/brand',
      '/en/brand/campaigns/42',
      '/en/user/login',
      '/en/user/register',
      '/en/user/verify-email?oobCode=x',
      '/en/ready-to-test',
      '/en/upcoming-tests',
      '/en/products/7/reviews/42',
      '/en/join-brand?token=x',
      '/en/unsubscribe?token=x',
      '/unsubscribe?token=x',
      '/_serverFn/abc',
      '/ops-exports/audit.csv',
      '/brand-exports/reviews.csv',
      '/images/my-review-photos/x/display',
      '/images/ops-review-photos/x/display',
    ]
    for (const path of allowed) expect(robots.isAllowed(`${origin}${path}`, CRAWLER), path).toBe(true)
    for (const path of refused) expect(robots.isDisallowed(`${origin}${path}`, CRAWLER), path).toBe(true)
    expect(robots.getSitemaps()).toEqual([`${origin}/sitemap.xml`])
  })

  it('finds every published campaign and review through the sitemap index, in valid sitemaps', async () => {
    const origin = baseUrl()
    const index = await get('/sitemap.xml')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(index.headers.get('cache-control')).toBe('public, max-age=3600')
    const indexXml = await index.text()
    expect(indexXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    const sitemaps = locsOf(indexXml)
    expect(sitemaps.slice(0, 3)).toEqual([`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/campaigns.xml`, `${origin}/sitemaps/reviews-first.xml`])

    const listed: string[] = []
    for (const address of sitemaps) {
      expect(address.startsWith(`${origin}/`)).toBe(true)
      const response = await get(address.slice(origin.length))
      expect(response.status, address).toBe(200)
      const xml = await response.text()
      await expectValidSitemap(xml, address.split('/').at(-1)!)
      listed.push(...locsOf(xml))
    }
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed).toEqual(expect.arrayContaining([`${origin}/en`, `${origin}/en/reviews`, `${origin}/en/how-it-works`]))

    // Every published campaign and review is there, by the canonical address its page names.
    const suite = inject('suiteUrl')
    const campaigns = (await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=50`)).json()) as { data: { items: Array<{ slug: string }> } }
    for (const campaign of campaigns.data.items) expect(listed).toContain(`${origin}/en/ready-to-test/${campaign.slug}`)
    const reviews = (await (await fetch(`${suite}/suite/api/public/reviews?pageSize=50`)).json()) as { data: { total: number; items: Array<{ id: string }> } }
    for (const review of reviews.data.items) expect(listed).toContain(`${origin}/en/reviews/${review.id}`)
    expect(listed.filter((address) => address.startsWith(`${origin}/en/reviews/`))).toHaveLength(reviews.data.total)
    // Nothing private is listed.
    expect(listed.filter((address) => /\/(member|ops|brand|user)\//.test(address))).toEqual([])
  })

  it('answers 404 for a sitemap that does not exist, and compresses what it sends', async () => {
    expect((await get('/sitemaps/reviews-after-nonsense.xml')).status).toBe(404)
    expect((await get('/sitemaps/other.xml')).status).toBe(404)
    const compressed = await fetch(`${baseUrl()}/sitemaps/reviews-first.xml`, { headers: { 'accept-encoding': 'gzip' } })
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    expect(await compressed.text()).toContain('<urlset')
  })
})

describe('the public pages as a visitor gets them', () => {
  it('are HTML without errors (html-validate, its standard rules)', async () => {
    const suite = inject('suiteUrl')
    const review = ((await (await fetch(`${suite}/suite/api/public/reviews?pageSize=1`)).json()) as { data: { items: Array<{ id: string }> } }).data.items[0]!
    const campaign = ((await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=1`)).json()) as { data: { items: Array<{ slug: string }> } }).data
      .items[0]!
    const pages = [
      '/',
      '/en',
      '/en/how-it-works',
      '/en/about-us',
      '/en/legal',
      '/en/contact',
      '/en/support',
      '/en/reviews',
      '/en/campaign-details',
      `/en/reviews/${review.id}`,
      `/en/ready-to-test/${campaign.slug}`,
      '/en/user/login',
      '/en/user/register',
      '/en/no-such-page',
    ]
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] })
    for (const path of pages) {
      const report = await validator.validateString(await (await get(path)).text(), path)
      expect(
        report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector})`)),
        path,
      ).toEqual([])
    }
  })
})
