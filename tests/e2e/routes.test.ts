// Every route of the portal, requested as a visitor, answers as its class says.
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { baseUrl } from './support/browser'

const PUBLIC = [
  '/',
  '/en',
  '/en/error',
  '/en/legal',
  '/en/contact',
  '/en/support',
  '/en/about-us',
  '/en/how-it-works',
  '/en/reviews',
  '/en/campaign-details',
  '/en/user/verify-email-login',
  '/en/user/verify-email',
  '/en/user/verify-phone',
  '/en/unsubscribe',
]
const VISITORS_ONLY = ['/en/user/login', '/en/user/register']
const SIGNED_IN_AND_ADDRESS = [
  '/en/member/email',
  '/en/member/phone',
  '/en/member/profile',
  '/en/member/payments',
  '/en/member/languages',
  '/en/member/preferences',
  '/en/member/notifications',
  '/en/member/delete-account',
  '/en/member/campaigns',
  '/en/member/campaigns/42',
  '/en/member/campaigns/42/sc_impressions',
]
const SIGNED_IN = [
  '/en/member/address',
  '/en/member/missions',
  '/en/member/missions/rewards',
  '/en/member/referrals',
  '/en/member/shipments',
  '/en/member/shipments/returns',
  '/en/member/social-accounts',
  '/en/member/download-data',
  '/en/member/download-data/profile-pdf',
  '/en/products/7/reviews/42',
  '/en/member/verifications/EmailVerification',
  '/en/member/verifications/MobileVerifications',
]
const ADDRESS_ONLY = ['/en/ready-to-test', '/en/upcoming-tests']
const NOT_FOUND = ['/404', '/en/404', '/en/no-such-page', '/xx/', '/de', '/de/legal', '/en/member/no-such-page']

const get = (path: string) => fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } })

/** The structured data (JSON-LD) blocks of a page, parsed. */
const structuredDataOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json!) as Record<string, unknown>)

/** The document's title as the server wrote it (entities as HTML writes them). */
const titleOf = (html: string) =>
  html
    .match(/<title>([^<]*)<\/title>/)?.[1]
    ?.replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')

describe('routes as a visitor sees them', () => {
  it.each([...PUBLIC, ...VISITORS_ONLY])('%s answers 200 with a page', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="en" dir="ltr">')
    expect(html).toMatch(/<h1[^>]*>/)
  })

  it('lets search engines list the public pages, and tells them not to list sign-in steps, links sent by e-mail and errors', async () => {
    const unlisted = ['/en/error', '/en/user/verify-email-login', '/en/user/verify-email', '/en/user/verify-phone', '/en/unsubscribe', ...VISITORS_ONLY]
    for (const path of [...PUBLIC, ...VISITORS_ONLY]) {
      const response = await get(path)
      await response.body?.cancel()
      expect(response.headers.get('x-robots-tag'), path).toBe(unlisted.includes(path) ? 'noindex' : null)
    }
    for (const path of NOT_FOUND) {
      const response = await get(path)
      await response.body?.cancel()
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex')
    }
  })

  it('titles every page with what it is: no two pages share a title but the home page at its two addresses', async () => {
    const titles = new Map<string, string>()
    for (const path of [...PUBLIC, ...VISITORS_ONLY]) {
      const html = await (await get(path)).text()
      expect(html.match(/<title>/g), path).toHaveLength(1)
      titles.set(path, titleOf(html) ?? '')
    }
    expect(titles.get('/')).toBe('Testers Circle — test products, share honest reviews')
    expect(titles.get('/en')).toBe(titles.get('/'))
    expect(titles.get('/en/how-it-works')).toBe('How it works | Testers Circle')
    const others = [...titles].filter(([path]) => path !== '/' && path !== '/en')
    for (const [path, title] of others) expect(title, path).toMatch(/^.+ \| Testers Circle$/)
    expect(new Set(others.map(([, title]) => title)).size).toBe(others.length)
  })

  it('titles a review and a campaign page from what they show, and the not-found page as such', async () => {
    const suite = inject('suiteUrl')
    const reviews = (await (await fetch(`${suite}/suite/api/public/reviews?pageSize=1`)).json()) as {
      data: { items: Array<{ id: string; title: string; productName: string }> }
    }
    const campaigns = (await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=1`)).json()) as {
      data: { items: Array<{ slug: string; title: string }> }
    }
    const review = reviews.data.items[0]!
    const campaign = campaigns.data.items[0]!
    expect(titleOf(await (await get(`/en/reviews/${review.id}`)).text())).toBe(`${review.productName}: ${review.title} — review | Testers Circle`)
    expect(titleOf(await (await get(`/en/ready-to-test/${campaign.slug}`)).text())).toBe(`${campaign.title} — free product test | Testers Circle`)
    for (const path of ['/en/404', '/en/no-such-page']) expect(titleOf(await (await get(path)).text()), path).toBe('Page not found | Testers Circle')
  })

  it('gives each public page its description, its one canonical address on the public address, and a preview card', async () => {
    const suite = inject('suiteUrl')
    const campaigns = (await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=1`)).json()) as { data: { items: Array<{ slug: string; id: string }> } }
    const campaign = campaigns.data.items[0]!
    const origin = baseUrl()
    const expected: Array<[string, string]> = [
      ['/', '/en'],
      ['/en', '/en'],
      ['/en/how-it-works', '/en/how-it-works'],
      ['/en/reviews?rating=5', '/en/reviews'],
      ['/en/reviews?page=2&rating=4', '/en/reviews?page=2'],
      [`/en/ready-to-test/${campaign.id}`, `/en/ready-to-test/${campaign.slug}`],
      [`/en/campaign-details?campaign=${campaign.slug}`, `/en/ready-to-test/${campaign.slug}`],
    ]
    for (const [path, canonical] of expected) {
      const html = await (await get(path)).text()
      expect(html.match(/<link rel="canonical" href="([^"]+)"/g), path).toEqual([`<link rel="canonical" href="${origin}${canonical}"`])
      expect(html.match(/<meta name="description" content="[^"]{10,}"/g), path).toHaveLength(1)
      expect(html, path).toContain(`<meta property="og:url" content="${origin}${canonical}"`)
      expect(html, path).toContain('<meta property="og:site_name" content="Testers Circle"')
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/)
    }
  })

  it('describes a review, a campaign and the home page to search engines with the properties their results need', async () => {
    const suite = inject('suiteUrl')
    const reviews = (await (await fetch(`${suite}/suite/api/public/reviews?pageSize=1`)).json()) as {
      data: { items: Array<{ id: string; title: string; productName: string; rating: number; authorName: string; body: string }> }
    }
    const review = reviews.data.items[0]!
    const reviewBlocks = structuredDataOf(await (await get(`/en/reviews/${review.id}`)).text())
    const described = reviewBlocks.find((block) => block['@type'] === 'Review')!
    expect(described).toMatchObject({
      '@context': 'https://schema.org',
      name: review.title,
      reviewBody: review.body,
      author: { '@type': 'Person', name: review.authorName },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      itemReviewed: { '@type': 'Product', name: review.productName },
    })
    expect(described).toMatchObject({ datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(reviewBlocks.find((block) => block['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ position: 1 }, { position: 2 }, { position: 3, name: review.title }],
    })

    const campaigns = (await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=20`)).json()) as {
      data: { items: Array<{ slug: string; productName: string; reviewCount: number; averageRating: number | null }> }
    }
    const reviewed = campaigns.data.items.find((campaign) => campaign.reviewCount > 0)!
    const product = structuredDataOf(await (await get(`/en/ready-to-test/${reviewed.slug}`)).text()).find((block) => block['@type'] === 'Product')!
    expect(product).toMatchObject({
      name: reviewed.productName,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: reviewed.averageRating, reviewCount: reviewed.reviewCount },
    })
    expect(product).toMatchObject({
      review: expect.arrayContaining([
        expect.objectContaining({ '@type': 'Review', reviewRating: expect.objectContaining({ ratingValue: expect.any(Number) }) }),
      ]),
    })

    const home = structuredDataOf(await (await get('/en')).text()).map((block) => block['@type'])
    expect(home).toEqual(['Organization', 'WebSite'])
  })

  it("shows a campaign's product photograph on its preview card, at an address that answers with the image", async () => {
    const suite = inject('suiteUrl')
    const campaigns = (await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=1`)).json()) as { data: { items: Array<{ slug: string }> } }
    const html = await (await get(`/en/ready-to-test/${campaigns.data.items[0]!.slug}`)).text()
    const card = Object.fromEntries(
      [...html.matchAll(/<meta property="(og:image[^"]*)" content="([^"]*)"/g)].map(([, property, content]) => [property, content]),
    )
    expect(card['og:image']).toMatch(new RegExp(`^${baseUrl()}/images/products/[0-9a-f-]+-display\\.jpg$`))
    expect(Number(card['og:image:width'])).toBeGreaterThan(0)
    expect(Number(card['og:image:height'])).toBeGreaterThan(0)
    expect(card['og:image:alt']).not.toBe('')
    const image = await fetch(card['og:image']!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"')
  })

  it("shows a review without photos with its product's photograph on its preview card", async () => {
    const suite = inject('suiteUrl')
    const reviews = (await (await fetch(`${suite}/suite/api/public/reviews?pageSize=20`)).json()) as {
      data: { items: Array<{ id: string; photos: unknown[] }> }
    }
    const withoutPhotos = reviews.data.items.find((review) => review.photos.length === 0)!
    const html = await (await get(`/en/reviews/${withoutPhotos.id}`)).text()
    const card = Object.fromEntries(
      [...html.matchAll(/<meta property="(og:image[^"]*)" content="([^"]*)"/g)].map(([, property, content]) => [property, content]),
    )
    expect(card['og:image']).toMatch(new RegExp(`^${baseUrl()}/images/products/[0-9a-f-]+-display\\.jpg$`))
    expect(Number(card['og:image:width'])).toBeGreaterThan(0)
    expect(card['og:image:alt']).not.toBe('')
    const image = await fetch(card['og:image']!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
  })

  it('a review and a campaign answer 200 by their id, and an unknown id goes to the 404 page', async () => {
    const suite = inject('suiteUrl')
    const reviews = (await (await fetch(`${suite}/suite/api/public/reviews?pageSize=1`)).json()) as { data: { items: Array<{ id: string }> } }
    const campaigns = (await (await fetch(`${suite}/suite/api/public/campaigns?pageSize=1`)).json()) as { data: { items: Array<{ id: string; slug: string }> } }
    const review = reviews.data.items[0]!
    const campaign = campaigns.data.items[0]!
    for (const path of [
      `/en/reviews/${review.id}`,
      `/en/ready-to-test/${campaign.slug}`,
      `/en/ready-to-test/${campaign.id}`,
      `/en/campaign-details?campaign=${campaign.slug}`,
    ]) {
      expect((await get(path)).status, path).toBe(200)
    }
    for (const path of ['/en/reviews/00000000-0000-4000-8000-000000000000', '/en/ready-to-test/no-such-campaign']) {
      const response = await get(path)
      expect(response.status, path).toBe(302)
      expect(response.headers.get('location')).toBe('/en/404')
    }
  })

  it.each([...SIGNED_IN_AND_ADDRESS, ...SIGNED_IN, ...ADDRESS_ONLY])('%s sends a visitor to sign in (302) and back afterwards', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '', baseUrl())
    expect(location.pathname).toBe('/en/user/login')
    expect(location.searchParams.get('redirect')).toBe(path)
    await response.body?.cancel()
  })

  it.each(NOT_FOUND)('%s answers 404 with the not-found page', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('We could not find that page')
  })

  it('an app-level error answers 500 with the error layout and page, and no stack trace', async () => {
    // The portal under test fails this request while rendering (local-mode fault injection).
    const response = await fetch(`${baseUrl()}/en/how-it-works`, { headers: { 'x-portal-fault': 'render' } })
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('data-layout="error"')
    expect(html).toContain('Something went wrong')
    const visible = html.replace(/<script[\s\S]*?<\/script>/g, '')
    expect(visible).not.toContain('How it works')
    expect(html).not.toMatch(/\n\s+at |node_modules|\.mjs:\d+/)
  })

  it('drops a malformed parameter of a link instead of failing', async () => {
    for (const path of ['/en/user/login?redirect=123', '/en/user/register?redirect=true', '/en/user/verify-email?oobCode=42', '/en/reviews?rating=banana']) {
      // The router sends the browser on to the same page without the parameter it cannot read.
      const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } })
      expect(response.status, path).toBe(200)
      expect(new URL(response.url).pathname, path).toBe(path.split('?')[0])
      expect(await response.text()).toContain('<h1')
    }
  })

  it('serves the latest-build file the browser checks every hour', async () => {
    const response = await get('/build/latest.json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ id: expect.stringMatching(/^\w+$/) })
  })

  it('sets the locale cookie on locale routes', async () => {
    const response = await get('/en/legal')
    expect(response.headers.get('set-cookie')).toMatch(/^i18n_redirected=en; Max-Age=31536000; Path=\/; SameSite=Lax/)
    await response.body?.cancel()
  })

  it('gives crawlers the page, and a bare status instead of an error page', async () => {
    const headers = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }
    const page = await fetch(`${baseUrl()}/en/how-it-works`, { headers })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<h1')
    const missing = await fetch(`${baseUrl()}/en/no-such-page`, { headers })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('')
  })
})
