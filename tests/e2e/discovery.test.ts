// Visitors discover campaigns and reviews; a new member applies (selected, then waitlisted).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectNoAxeViolations, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { fillAndSaveAddress } from './support/members'

let browser: Browser
let context: BrowserContext
let page: Page

const member = { email: `discovery-${Date.now()}@example.com`, password: 'tested4you', displayName: 'Dana Discovery' }
const OPEN_CAMPAIGN = 'kettle-kiln-cold-brew'
const FULL_CAMPAIGN = 'hushhour-pillow-mist'

/** A Firebase user in the Auth emulator; the member API creates the member record on first use. */
async function createMember() {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password, displayName: member.displayName, returnSecureToken: true }),
  })
  const body = (await response.json()) as { localId?: string }
  if (!body.localId) throw new Error(`The emulator did not create ${member.email}: ${JSON.stringify(body)}`)
}

/** The campaign as the member API publishes it (places left, for checking that one application took one place). */
async function publicCampaign(slug: string): Promise<{ id: string; placesLeft: number }> {
  const response = await fetch(`${inject('suiteUrl')}/suite/api/public/campaigns/${slug}`)
  const body = (await response.json()) as { data: { id: string; placesLeft: number } }
  return body.data
}

beforeAll(async () => {
  await createMember()
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

describe('a visitor', () => {
  it('sees current campaigns and the latest reviews on the home page', async () => {
    await gotoHydrated(page, '/en')
    const campaigns = page.getByRole('region', { name: 'Current campaigns' })
    expect(await campaigns.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await campaigns.getByRole('heading', { level: 4 }).first().textContent()).toBeTruthy()
    const reviews = page.getByRole('region', { name: 'Latest reviews' })
    expect(await reviews.getByRole('listitem').count()).toBe(3)
    expect(await reviews.getByRole('img', { name: /out of 5 stars/ }).count()).toBe(3)
    // Product pictures come through the portal: the demo's drawings went through the upload pipeline.
    const src = await campaigns.getByRole('img').first().getAttribute('src')
    expect(src).toMatch(/^\/images\/products\/[0-9a-f-]{36}-display\.jpg$/)
    const image = await context.request.get(src!)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/jpeg')
    await keepScreenshot(page, 'discovery-home')
    await expectNoAxeViolations(page)
  })

  it('pages through the published reviews and filters them', async () => {
    await gotoHydrated(page, '/en/reviews')
    expect(await page.getByRole('heading', { level: 1, name: 'Reviews' }).isVisible()).toBe(true)
    const pages = page.getByRole('navigation', { name: 'Pages' })
    expect(await pages.getByText(/Page 1 of \d+/).isVisible()).toBe(true)
    const firstTitle = await page.getByRole('heading', { level: 2 }).first().textContent()
    expect(await textOnPage(page, 'The reviewer received this product for free.').count()).toBe(10)
    expect(await textOnPage(page, /^By .+ on \d{2}\/\d{2}\/\d{2}$/).count()).toBe(10)
    await keepScreenshot(page, 'discovery-reviews')
    await expectNoAxeViolations(page)

    // The next page follows the last review shown (its id in the address), however deep.
    await pages.getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && /^[0-9a-f-]{36}$/.test(url.searchParams.get('after') ?? ''))
    await pages.getByText(/Page 2 of \d+/).waitFor()
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).not.toBe(firstTitle)
    await pages.getByRole('link', { name: 'Previous page' }).click()
    await page.waitForURL((url) => url.pathname === '/en/reviews' && url.search === '')
    await pages.getByText(/Page 1 of \d+/).waitFor()
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(firstTitle)

    await page.getByLabel('Category').selectOption('pets')
    await page.getByLabel('Rating').selectOption('5')
    await page.getByRole('button', { name: 'Show reviews' }).click()
    await page.waitForURL((url) => url.searchParams.get('category') === 'pets' && url.searchParams.get('rating') === '5')
    const ratings = () => page.getByRole('img', { name: /out of 5 stars/ }).evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('aria-label')))])
    await expect.poll(ratings).toEqual(['5 out of 5 stars'])
    expect(await textOnPage(page, 'Air-dried Salmon Bites 150 g').count()).toBeGreaterThan(0)
    await expectNoAxeViolations(page)
  })

  it('gets the first page, not an error, for bad search parameters', async () => {
    const response = await gotoHydrated(page, '/en/reviews?page=abc&rating=9&category=Shoes!')
    expect(response?.status()).toBe(200)
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByText(/Page 1 of/)
      .waitFor()
    // Categories are data: one that does not exist has no reviews, and the filter shows it applied.
    expect((await gotoHydrated(page, '/en/reviews?category=shoes'))?.status()).toBe(200)
    await textOnPage(page, 'No published reviews match these filters yet.').waitFor()
    expect(await page.getByLabel('Category').inputValue()).toBe('shoes')
  })

  it('reads a whole review with its product', async () => {
    await gotoHydrated(page, '/en/reviews')
    const link = page.getByRole('heading', { level: 2 }).first().getByRole('link')
    const title = (await link.textContent()) ?? ''
    await link.click()
    await page.waitForURL(/\/en\/reviews\/[0-9a-f-]{36}$/)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    expect(await page.getByRole('heading', { level: 2, name: 'The product' }).isVisible()).toBe(true)
    expect(await textOnPage(page, 'The reviewer received this product for free.').isVisible()).toBe(true)
    await keepScreenshot(page, 'discovery-review')
    await expectNoAxeViolations(page)
  })

  it('meets the 404 page for an unknown review', async () => {
    const unknown = '/en/reviews/0b7c6c55-1f2e-4b8a-9c1d-000000000000'
    const response = await context.request.get(unknown, { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/en/404')
    await gotoHydrated(page, unknown)
    await page.getByRole('heading', { name: 'We could not find that page' }).waitFor()
    // Addresses that cannot name a review or a campaign are not found either, never an error page.
    for (const path of [`/en/reviews/${'x'.repeat(150)}`, '/en/ready-to-test/no%20such%20campaign', '/en/campaign-details?campaign=no-such-campaign']) {
      const answer = await context.request.get(path, { maxRedirects: 0 })
      expect(answer.status(), path).toBe(302)
      expect(answer.headers().location, path).toBe('/en/404')
    }
  })

  it('opens a campaign, and is sent to sign in to apply, then back to the campaign', async () => {
    await gotoHydrated(page, '/en/campaign-details')
    await page.getByRole('link', { name: /cold brew concentrate/i }).click()
    await page.waitForURL(`**/en/campaign-details?campaign=${OPEN_CAMPAIGN}`)
    await page.getByRole('heading', { level: 1, name: /cold brew concentrate/i }).waitFor()
    for (const heading of ['What testers do', 'Dates', 'Who can apply']) {
      expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true)
    }
    expect(await textOnPage(page, /of 60 places left/).isVisible()).toBe(true)
    await keepScreenshot(page, 'discovery-campaign-visitor')
    await expectNoAxeViolations(page)

    await gotoHydrated(page, `/en/ready-to-test/${OPEN_CAMPAIGN}`)
    await page.getByRole('link', { name: 'Sign in to apply' }).click()
    await page.waitForURL((url) => url.pathname === '/en/user/login' && url.searchParams.get('redirect') === `/en/ready-to-test/${OPEN_CAMPAIGN}`)
    await page.getByLabel('E-mail address').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`**/en/ready-to-test/${OPEN_CAMPAIGN}`)
  })
})

describe('a new member', () => {
  it('is asked for an address first, and comes back to the campaign after saving it', async () => {
    await page.getByRole('link', { name: 'Save your address' }).click()
    await page.waitForURL((url) => url.pathname === '/en/member/address')
    await fillAndSaveAddress(page, { name: 'Dana Discovery', street: 'Lindenstraße 12', postalCode: '10115' })
    await page.waitForURL(`**/en/ready-to-test/${OPEN_CAMPAIGN}`)
    await page.getByRole('heading', { level: 2, name: 'Apply for this test' }).waitFor()
  })

  it('applies to an open campaign with free places and is selected; a double click applies once', async () => {
    const before = await publicCampaign(OPEN_CAMPAIGN)
    // The form checks the answers first.
    await page.getByRole('button', { name: 'Apply for this test' }).click()
    await textOnPage(page, 'Please check the answers marked below.').waitFor()
    expect(await textOnPage(page, 'Choose one answer.').count()).toBe(2)

    await page.getByRole('group', { name: 'How do you usually take your coffee?' }).getByLabel('Iced').check()
    await page.getByRole('group', { name: 'How many cups do you drink on a typical day?' }).getByLabel('2–3').check()
    expect(await textOnPage(page, 'Lindenstraße 12').isVisible()).toBe(true)
    await page.getByLabel('Yes, send the product to this address.').check()
    await keepScreenshot(page, 'discovery-apply-form')
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Apply for this test' }).dblclick()
    await page.getByRole('heading', { name: 'You are selected!' }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    const after = await publicCampaign(OPEN_CAMPAIGN)
    expect(after.placesLeft).toBe(before.placesLeft - 1)
    await keepScreenshot(page, 'discovery-apply-selected')
    await expectNoAxeViolations(page)
  })

  it('applies to a full campaign and is waitlisted with a place', async () => {
    await gotoHydrated(page, `/en/ready-to-test/${FULL_CAMPAIGN}`)
    expect(await textOnPage(page, 'Waitlist: all 6 places are taken').isVisible()).toBe(true)
    await page.getByRole('group', { name: 'How would you rate your sleep lately?' }).getByLabel('Restless').check()
    await page.getByLabel('Yes, send the product to this address.').check()
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await page.getByRole('heading', { name: /You are on the waitlist, in place \d+/ }).waitFor()
    await keepScreenshot(page, 'discovery-apply-waitlisted')
    await expectNoAxeViolations(page)
  })

  it('sees on the campaign boards whether they can apply, and why not', async () => {
    await gotoHydrated(page, '/en/ready-to-test')
    expect(await textOnPage(page, 'You are in: you were selected for this test.').isVisible()).toBe(true)
    expect(await textOnPage(page, /You are on the waitlist, in place \d+/).isVisible()).toBe(true)
    // The vitamin C serum is for members aged 18 or older, and this member has no birth date yet.
    expect(await textOnPage(page, /aged 18 or older: add your birth date/).isVisible()).toBe(true)
    await keepScreenshot(page, 'discovery-ready-to-test')
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Opening soon' }).click()
    await page.waitForURL('**/en/upcoming-tests')
    await page.getByRole('heading', { level: 1, name: 'Upcoming tests' }).waitFor()
    expect(await page.getByRole('listitem').filter({ hasText: 'Opening soon' }).count()).toBeGreaterThan(0)
    await keepScreenshot(page, 'discovery-upcoming-tests')
    await expectNoAxeViolations(page)
  })

  it('sees where they stand when they come back to a campaign', async () => {
    await gotoHydrated(page, `/en/campaign-details?campaign=${OPEN_CAMPAIGN}`)
    await textOnPage(page, 'You are in: you were selected for this test.').waitFor()
    expect(await page.getByRole('button', { name: 'Apply for this test' }).count()).toBe(0)
  })

  it('reads well on a phone: no sideways scrolling on the campaign, board and reviews pages', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    for (const [path, name] of [
      [`/en/ready-to-test/${FULL_CAMPAIGN}`, 'discovery-campaign-phone'],
      ['/en/ready-to-test', 'discovery-ready-to-test-phone'],
      ['/en/reviews', 'discovery-reviews-phone'],
    ] as const) {
      await gotoHydrated(page, path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      // Images and fonts settle first; on failure the message names what sticks out.
      await page.waitForLoadState('networkidle')
      const sticksOut = await page.evaluate(() =>
        document.documentElement.scrollWidth > 390
          ? Array.from(document.querySelectorAll('body *'))
              .filter((el) => el.getBoundingClientRect().right > 390.5)
              .slice(0, 5)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`)
          : [],
      )
      expect(sticksOut, path).toEqual([])
      await keepScreenshot(page, name)
      await expectNoAxeViolations(page)
    }
  })
})
