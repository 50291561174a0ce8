// The member's journey, in the browser against the real member API and Auth emulator: a new member
// registers, verifies the e-mail, saves an address, applies (selected on one campaign, waitlisted
// on a full one), follows the participation and its tasks, shipments and returns, writes a review
// (with a reload midway) that the operator approves onto the public reviews page, and posts about
// it. The operator's steps go through the suite's local operator endpoint.
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { portalActionLink } from '../../scripts/lib/action-links.mjs'
import { axeViolations, baseUrl, expectNoAxeViolations, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { latestOobCode } from './support/emulator'
import { registerThroughUi, fillAndSaveAddress, uniqueStreet } from './support/members'
import { callSuite, type Json, operatorCommand } from './support/suite'

let browser: Browser
let context: BrowserContext
let page: Page
const member = { email: `journey-${Date.now()}@example.com`, password: 'tested4you', displayName: 'Jordan Journey', idToken: '', uid: '' }
const journey = { campaignId: '', productId: '', participationId: '', reviewId: '', fullCampaignId: '' }
/** A door no other test member lives behind: a campaign gives one place per household. */
const street = uniqueStreet()

/** A member-API call as the test's member (or anonymous, `bearer` false). */
const suiteCall = (method: 'GET' | 'POST', path: string, body?: unknown, bearer = true) =>
  callSuite(method, path, { body, token: bearer ? member.idToken : undefined })

/** An operator step (ship, deliver, approve a review, return labels), as the ops command line makes it. */

/** The member's ID token, for the test's own reads of the member API (the member never needs it). */
async function signInForToken(): Promise<void> {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password, returnSecureToken: true }),
  })
  const body = (await response.json()) as { idToken?: string; localId?: string }
  if (!body.idToken || !body.localId) throw new Error(`The Auth emulator did not sign in ${member.email}`)
  member.idToken = body.idToken
  member.uid = body.localId
}

/** Ends the member's sessions everywhere, as an expiry would: the next call of the member API gets 401. */
async function endSessionsOfMember(): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost')
  const admin = initializeApp({ projectId: 'demo-portal' }, `journey-revoke-${Date.now()}`)
  try {
    await new Promise((r) => setTimeout(r, 1100)) // revocation counts whole seconds
    await getAuth(admin).revokeRefreshTokens(member.uid)
  } finally {
    await deleteApp(admin)
  }
}

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser, { viewport: { width: 390, height: 844 } })
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

describe('a new member after applying', () => {
  it('registers, verifies the e-mail, saves an address and finds an empty campaigns page that says what to do', async () => {
    await registerThroughUi(page, { ...member, firstName: 'Jordan', lastName: 'Journey' })
    // The link as local mode delivers it (npm start prints it so).
    const { oobLink } = await latestOobCode(member.email, 'VERIFY_EMAIL')
    await page.goto(portalActionLink(oobLink, baseUrl()), { waitUntil: 'load' })
    await textOnPage(page, 'Your e-mail address is verified. Thank you!', { exact: true }).waitFor()

    // Campaigns need an address first: the guard sends the member to the form and back.
    await gotoHydrated(page, '/en/member/campaigns')
    await page.waitForURL('**/en/member/address?redirect=*')
    await fillAndSaveAddress(page, { name: 'Jordan Journey', street, postalCode: '10115' })
    await page.waitForURL('**/en/member/campaigns')
    await page.getByRole('heading', { name: 'No campaigns yet' }).waitFor()
    expect(await page.getByRole('link', { name: 'Find a test to apply for' }).getAttribute('href')).toBe('/en/ready-to-test')
    await expectNoAxeViolations(page)

    await gotoHydrated(page, '/en/member/shipments')
    await page.getByRole('heading', { name: 'No shipments yet' }).waitFor()
    await expectNoAxeViolations(page)
    await signInForToken()
  })

  it('applies to an open campaign and a full one, and sees both grouped with their next step', async () => {
    await gotoHydrated(page, '/en/ready-to-test/kettle-kiln-cold-brew')
    await page.getByRole('group', { name: 'How do you usually take your coffee?' }).getByLabel('Black').check()
    await page.getByRole('group', { name: 'How many cups do you drink on a typical day?' }).getByLabel('2–3').check()
    expect(await textOnPage(page, street).isVisible()).toBe(true)
    await page.getByLabel('Yes, send the product to this address.').check()
    await page.getByRole('button', { name: 'Apply for this test' }).click()
    await page.getByRole('heading', { name: 'You are selected!' }).waitFor()
    const open = await suiteCall('GET', 'suite/api/public/campaigns/kettle-kiln-cold-brew', undefined, false)
    const signups = (await suiteCall('GET', `suite/api/campaigns/${open.id as string}/participations`)) as { items: Array<{ id: string; status: string }> }
    expect(signups.items.map((p) => p.status)).toEqual(['selected'])
    Object.assign(journey, { campaignId: open.id as string, productId: (open.product as Json).id as string, participationId: signups.items[0]!.id })

    await gotoHydrated(page, '/en/ready-to-test/hushhour-pillow-mist')
    await page.getByRole('group', { name: 'How would you rate your sleep lately?' }).getByLabel('Restless').check()
    await page.getByLabel('Yes, send the product to this address.').check()
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await page.getByRole('heading', { name: /You are on the waitlist, in place \d+/ }).waitFor()
    journey.fullCampaignId = (await suiteCall('GET', 'suite/api/public/campaigns/hushhour-pillow-mist', undefined, false)).id as string

    await gotoHydrated(page, '/en/member/campaigns')
    const testing = page.getByRole('region', { name: /Testing now/ })
    await testing.getByText('We are preparing your product for shipping.').waitFor()
    const waiting = page.getByRole('region', { name: /Waiting for a place/ })
    expect(await waiting.getByText(/You are number \d+ on the waitlist/).isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-campaigns')
  })

  it('withdraws from the waitlist after confirming, and can change its mind first', async () => {
    await gotoHydrated(page, `/en/member/campaigns/${journey.fullCampaignId}`)
    await page.getByRole('button', { name: 'Withdraw from this test' }).click()
    const dialog = page.getByRole('dialog', { name: 'Withdraw from this test?' })
    await dialog.waitFor()
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Keep my place' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await textOnPage(page, 'On the waitlist', { exact: true }).first().isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Withdraw from this test' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click()
    await textOnPage(page, /You withdrew from this test on \d\d\/\d\d\/\d\d\./).waitFor()
    expect(await page.getByRole('button', { name: 'Withdraw from this test' }).count()).toBe(0)
  })

  it('sees the participation timeline and tasks, and acknowledges the questionnaire', async () => {
    await gotoHydrated(page, `/en/member/campaigns/${journey.campaignId}`)
    await page.getByRole('heading', { level: 1, name: 'Brew less, sip more: cold brew concentrate' }).waitFor()
    const timeline = page.getByTestId('participation-timeline')
    const steps = (await timeline.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim())
    expect(steps).toEqual([
      expect.stringMatching(/^Applied \(done\) ?\d\d\/\d\d\/\d\d$/),
      expect.stringMatching(/^Selected \(done\) ?\d\d\/\d\d\/\d\d$/),
      'Shipped (where you are now)',
      'Delivered (still to come)',
      'Review submitted (still to come)',
      'Completed (still to come)',
    ])
    expect(await textOnPage(page, '0 of 4 tasks done').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Acknowledge questionnaire' }).click()
    await page
      .getByTestId('task-questionnaire')
      .getByText(/Done on \d\d\/\d\d\/\d\d/)
      .waitFor()
    expect(await textOnPage(page, '1 of 4 tasks done').isVisible()).toBe(true)
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1')
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-participation')
  })

  it('follows the shipment as the operator ships and delivers it', async () => {
    await operatorCommand({ command: 'ship', id: journey.participationId, carrier: 'DHL', tracking: 'JD014600009912' })
    await gotoHydrated(page, '/en/member/shipments')
    const card = page.getByTestId('shipment-card')
    await card.getByText('On its way').waitFor()
    expect(await card.getByText('DHL').isVisible()).toBe(true)
    expect(await card.getByText('JD014600009912').isVisible()).toBe(true)
    expect(await card.getByRole('link', { name: 'Track on the carrier’s site' }).getAttribute('href')).toContain('tracking-id=JD014600009912')
    expect(await card.getByRole('heading', { name: 'Cold Brew Concentrate 500 ml' }).isVisible()).toBe(true)

    await operatorCommand({ command: 'deliver', id: journey.participationId })
    await page.reload()
    await card.getByText('Delivered', { exact: true }).first().waitFor()
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-shipments')
  })

  it('writes a review whose draft survives a reload and an expired session, and sees it waiting for moderation', async () => {
    await gotoHydrated(page, `/en/member/campaigns/${journey.campaignId}`)
    await page.getByRole('link', { name: 'Write my review' }).first().click()
    await page.waitForURL(`**/en/products/${journey.productId}/reviews/${journey.campaignId}`)
    await page.getByRole('heading', { name: 'Your review', level: 2 }).waitFor()
    expect(await textOnPage(page, 'This reviewer received the product for free in exchange for an honest review.').isVisible()).toBe(true)

    await page.getByRole('radio', { name: '4 stars, Very good' }).check({ force: true })
    await page.getByLabel('Title').fill('Smooth, strong and quick')
    const body = page.getByLabel('Your experience')
    await body.fill('Mixed one to three with oat milk it tastes')
    const hint = page.getByTestId('length-hint').nth(1)
    expect(await hint.textContent()).toBe('42 characters: 8 more needed (at least 50).')
    // Submitting now names the problems inline and keeps the text.
    await page.getByRole('button', { name: 'Submit my review' }).click()
    await textOnPage(page, 'Write between 50 and 5000 characters about the product.').waitFor()
    expect(await textOnPage(page, 'Please confirm the disclosure: it is shown with every review.').isVisible()).toBe(true)
    await expectNoAxeViolations(page)

    // A reload (or an expired session) loses nothing.
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByTestId('draft-restored').waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('Smooth, strong and quick')
    expect(await body.inputValue()).toBe('Mixed one to three with oat milk it tastes')
    expect(await page.getByRole('radio', { name: '4 stars, Very good' }).isChecked()).toBe(true)
    await screenshotFromTop(page, 'journey-review-draft')

    await body.fill('Mixed one to three with oat milk it tastes like a café iced latte, with notes of cocoa. The bottle lasted two weeks.')
    expect(await hint.textContent()).toMatch(/^\d+ characters: good \(50 to 5000\)\.$/)
    await page.getByLabel('I received this product for free and my review is my honest opinion.').check()

    // The session ends before the member submits: signed out and sent to sign in, and the review
    // is still there when they come back.
    await endSessionsOfMember()
    await page.getByRole('button', { name: 'Submit my review' }).click()
    await textOnPage(page, 'Your session has expired. Please sign in again.').waitFor()
    await page.waitForURL('**/en/user/login?redirect=*')
    await page.getByLabel('E-mail address').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`**/en/products/${journey.productId}/reviews/${journey.campaignId}`)
    await page.getByTestId('draft-restored').waitFor()
    expect(await body.inputValue()).toMatch(/^Mixed one to three .* The bottle lasted two weeks\.$/)
    expect(await page.getByLabel('I received this product for free and my review is my honest opinion.').isChecked()).toBe(true)
    await signInForToken()

    await page.getByRole('button', { name: 'Submit my review' }).click()
    await page.getByRole('heading', { name: 'Thank you! Your review is waiting for moderation' }).waitFor()
    const draftLeft = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('review-draft')))
    expect(draftLeft).toEqual([])
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-review-submitted')
  })

  it('is published once the operator approves it', async () => {
    const { items } = (await suiteCall('GET', `suite/api/campaigns/${journey.campaignId}/participations`)) as {
      items: Array<{ review: { id: string } | null }>
    }
    const reviewId = items[0]?.review?.id
    expect(reviewId).toBeDefined()
    journey.reviewId = reviewId!
    await operatorCommand({ command: 'approve-review', reviewId })

    const published = await suiteCall('GET', `suite/api/public/reviews/${reviewId}`, undefined, false)
    expect(published).toMatchObject({ title: 'Smooth, strong and quick', rating: 4, receivedForFree: true, authorName: member.displayName })
    await gotoHydrated(page, `/en/reviews/${reviewId}`)
    await textOnPage(page, 'Smooth, strong and quick').first().waitFor()
    await expectNoAxeViolations(page)
    // The public reviews page lists the newest first: the member's review is on its first page.
    await gotoHydrated(page, '/en/reviews')
    const card = page.locator('article', { hasText: 'Smooth, strong and quick' })
    await card.waitFor()
    expect(await card.textContent()).toContain(member.displayName)
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-public-reviews')

    // Published, but the campaign's social tasks are still open: the test is not complete yet.
    await gotoHydrated(page, '/en/member/campaigns')
    await page
      .getByRole('region', { name: /Testing now/ })
      .getByText('Your review is published. Finish the 2 remaining tasks to complete this test.')
      .waitFor()
    expect(await page.getByRole('region', { name: /Completed/ }).count()).toBe(0)
  })

  it('shares a post link, and a negative reach gets an inline error while the rest of the form stays', async () => {
    await gotoHydrated(page, `/en/member/campaigns/${journey.campaignId}/sc_impressions`)
    await textOnPage(page, 'Add a post link first; then you can report its impressions here.').waitFor()
    await page.getByLabel('Platform').selectOption('instagram')
    await page.getByLabel('Link to your post').fill('not a link')
    await page.getByRole('button', { name: 'Add the link' }).click()
    await textOnPage(page, 'Enter the full address of your post, starting with https://.').waitFor()
    await page.getByLabel('Link to your post').fill('https://www.instagram.com/p/coldbrew42')
    await page.getByRole('button', { name: 'Add the link' }).click()
    await page.getByRole('link', { name: /instagram\.com\/p\/coldbrew42/ }).waitFor()

    const form = page.getByTestId('impressions-form')
    await form.getByLabel('Reach').fill('-40')
    await form.getByLabel('Likes').fill('57')
    await form.getByLabel('Comments').fill('9')
    await form.getByLabel('Shares').fill('4')
    await form.getByRole('button', { name: 'Report impressions' }).click()
    await form.getByText('Reach: enter a whole number of 0 or more, like 1200.').waitFor()
    expect(await form.getByLabel('Reach').getAttribute('aria-invalid')).toBe('true')
    expect(await form.getByLabel('Likes').inputValue()).toBe('57')
    expect(await form.getByLabel('Comments').inputValue()).toBe('9')
    expect(await form.getByLabel('Shares').inputValue()).toBe('4')
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-impressions-error')

    await form.getByLabel('Reach').fill('1,250')
    await form.getByRole('button', { name: 'Report impressions' }).click()
    await page
      .getByTestId('latest-impressions')
      .getByText(/reach 1250, likes 57, comments 9, shares 4/)
      .waitFor()
    expect(await form.getByText('Reach: enter a whole number of 0 or more, like 1200.').count()).toBe(0)

    await gotoHydrated(page, `/en/member/campaigns/${journey.campaignId}`)
    const progress = page.locator('#task-progress-label')
    await progress.waitFor()
    expect(await progress.textContent()).toBe('4 of 4 tasks done')

    // The last task done: the test is complete, and "Finish your first test" is credited with it.
    await gotoHydrated(page, '/en/member/campaigns')
    await page
      .getByRole('region', { name: /Completed/ })
      .getByRole('link', { name: 'Read my review' })
      .waitFor()
    await gotoHydrated(page, '/en/member/missions')
    const firstTest = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Finish your first test' }) })
    await firstTest.getByText('Done · 100 points earned').waitFor()
  })

  it('requests a return of the delivered product and follows it to the end', async () => {
    await gotoHydrated(page, '/en/member/shipments/returns')
    const card = page.getByTestId('return-card')
    await card.getByRole('button', { name: 'Request a return' }).click()
    await card.getByRole('button', { name: 'Request the return' }).click()
    await card.getByText('Choose why you are returning the product.').waitFor()
    await card.getByLabel('Why are you returning it?').selectOption('damaged')
    await card.getByLabel('What happened? (optional)').fill('The cap was cracked and some coffee leaked.')
    await card.getByRole('button', { name: 'Request the return' }).click()
    await card.getByText('We are preparing your prepaid return label and will e-mail you when it is ready.').waitFor()
    await expectNoAxeViolations(page)

    const shipmentId = ((await suiteCall('GET', 'logistics/v1/members/shipments')).shipments as Array<{ id: string }>)[0]!.id
    await operatorCommand({ command: 'issue-return-label', id: shipmentId, labelUrl: 'https://labels.testerscircle.example/return/JD014600009912.pdf' })
    await page.reload()
    expect(await card.getByRole('link', { name: 'Download your return label' }).getAttribute('href')).toBe(
      'https://labels.testerscircle.example/return/JD014600009912.pdf',
    )
    await operatorCommand({ command: 'mark-returned', id: shipmentId })
    await page.reload()
    await card.getByText('We received the product back. Thank you for letting us know.').waitFor()
    expect(await card.getByText('Not yet').count()).toBe(0)
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'journey-returns')
  })

  it('gets the 404 page for a campaign id that does not exist', async () => {
    const response = await context.request.get('/en/member/campaigns/00000000-0000-4000-8000-000000000000', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/en/404')
    await gotoHydrated(page, '/en/member/campaigns/00000000-0000-4000-8000-000000000000')
    await page.getByRole('heading', { name: 'We could not find that page' }).waitFor()
  })
})

describe('the demo member', () => {
  it('has participations in several states (screenshots of the pages with data)', async () => {
    const demo = await newContext(browser)
    const demoPage = await demo.newPage()
    await gotoHydrated(demoPage, `/en/user/login?redirect=${encodeURIComponent('/en/member/campaigns')}`)
    await demoPage.getByLabel('E-mail address').fill('demo@testerscircle.example')
    await demoPage.getByLabel('Password', { exact: true }).fill('demo-tester-2026')
    await demoPage.getByRole('button', { name: 'Sign in', exact: true }).click()
    await demoPage.waitForURL('**/en/member/campaigns')
    await demoPage.getByRole('region', { name: /Testing now/ }).waitFor()
    expect(await demoPage.getByTestId('participation-card').count()).toBeGreaterThanOrEqual(4)
    expect(await axeViolations(demoPage)).toEqual([])
    await screenshotFromTop(demoPage, 'demo-campaigns')
    await demoPage
      .getByRole('region', { name: /Testing now/ })
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .first()
      .click()
    await demoPage.getByTestId('participation-timeline').waitFor()
    expect(await axeViolations(demoPage)).toEqual([])
    await screenshotFromTop(demoPage, 'demo-participation')
    await gotoHydrated(demoPage, '/en/member/shipments')
    expect(await demoPage.getByTestId('shipment-card').count()).toBe(3)
    expect(await axeViolations(demoPage)).toEqual([])
    await screenshotFromTop(demoPage, 'demo-shipments')
    await demo.close()
  })
})
