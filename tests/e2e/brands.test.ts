// A brand follows its tests (issue 32), in the browser against the real member API. An admin (given
// the role from the command line) adds a brand on the Brands page, a name already taken is said
// beside its field, and invites a person to the demo brand Little Meadow by e-mail. The invitee opens
// the e-mailed link signed out, signs in, comes back to the invitation and accepts it; they see their
// brand's campaigns only, open one by keyboard, read its funnel chart (one image, named as its table)
// and tables, and download the published reviews as CSV. Another brand's campaign, as a page or as a
// file, is not found. Axe on every page.
import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused } from './support/keyboard'
import {
  authenticatorCode,
  createConfirmedMember,
  createMember,
  giveAuthenticator,
  markEmailVerified,
  signInThroughUi,
  type TestMember,
  untilDoneConfirmingIfAsked,
} from './support/members'
import { callSuite, emailsTo, operatorCommand } from './support/suite'

const TAG = `zb${Date.now().toString(36)}`
const BRAND = 'Little Meadow'

let browser: Browser
let admin: TestMember
let invitee: TestMember
let adminPage: Page
let page: Page

/** The demo catalogue's campaigns, with the brand each tests. */
async function publicCampaigns(): Promise<Array<{ id: string; title: string; brand: string }>> {
  const data = await callSuite('GET', 'suite/api/public/campaigns?pageSize=50&phase=completed')
  return data.items as Array<{ id: string; title: string; brand: string }>
}

beforeAll(async () => {
  browser = await launchBrowser()
  admin = await createConfirmedMember('Ada Admin')
  invitee = await createMember('Noah Brandt')
  // An invitation is accepted only from a confirmed address, as the link in the sign-up e-mail confirms it.
  await markEmailVerified(invitee)
  expect(await operatorCommand({ command: 'staff-grant', email: admin.email, role: 'admin' })).toMatchObject({ changed: true })
  await giveAuthenticator(admin)
  adminPage = await (await newContext(browser)).newPage()
  page = await (await newContext(browser)).newPage()
})

afterAll(async () => {
  await browser?.close()
})

describe('a brand invited by e-mail follows its test', () => {
  it('lets an admin add a brand and invite a person to one', async () => {
    await signInThroughUi(adminPage, admin, '/en/ops/brands')
    await adminPage.getByRole('heading', { level: 1, name: 'Brands' }).waitFor()
    await adminPage.getByLabel('Brand name').fill(`Brand ${TAG}`)
    await adminPage.getByRole('button', { name: 'Add the brand' }).click()
    await adminPage.getByRole('heading', { level: 2, name: `Brand ${TAG}` }).waitFor()
    // The same name again, in other letters: said beside the field, kept as typed.
    await adminPage.getByLabel('Brand name').fill(`BRAND ${TAG}`)
    await adminPage.getByRole('button', { name: 'Add the brand' }).click()
    await textOnPage(adminPage, 'A brand of this name exists already.').waitFor()
    expect(await adminPage.getByLabel('Brand name').inputValue()).toBe(`BRAND ${TAG}`)

    const section = adminPage.getByRole('region', { name: BRAND })
    await section.getByLabel('E-mail address to invite').fill(invitee.email)
    await section.getByRole('button', { name: 'Send the invitation' }).click()
    await section
      .getByRole('row', { name: new RegExp(invitee.email.replace(/[.+]/g, '\\$&')) })
      .getByText(/Waiting, until/)
      .waitFor()
    await expectNoAxeViolationsAtEveryWidth(adminPage)
    await screenshotFromTop(adminPage, 'console-brands')
  })

  it('lets the invitee accept the e-mailed link after signing in, and shows their brand only', async () => {
    const [message] = await emailsTo(invitee.email, 1)
    expect(message?.subject).toBe(`Follow the product tests of ${BRAND} on Testers Circle`)
    const link = new URL(/https?:\/\/\S+\/en\/join-brand\?token=[A-Za-z0-9_-]{43}/.exec(message!.body)![0])
    // Signed out, the page keeps the invitation for this tab (its token leaves the address), goes by
    // the sign-in page and comes back; no address on the way carries the token.
    await gotoHydrated(page, `${link.pathname}${link.search}`)
    await page.getByRole('heading', { level: 1, name: 'Sign in to accept your invitation' }).waitFor()
    expect(page.url()).not.toContain('token=')
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/en/user/login' && url.searchParams.get('redirect') === '/en/join-brand')
    await page.getByLabel('E-mail address').fill(invitee.email)
    await page.getByLabel('Password', { exact: true }).fill(invitee.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/en/join-brand' && !url.search)
    await page.getByRole('heading', { level: 1, name: `Follow ${BRAND} on Testers Circle` }).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await page.getByRole('button', { name: `Accept and follow ${BRAND}` }).click()

    // A brand user's pages ask for a second step: the first visit sets one up, then comes back.
    await page.waitForURL('**/en/second-factor?redirect=**')
    await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const setupKey = page.getByRole('listitem').filter({ hasText: 'setup key' }).getByRole('code')
    await untilDoneConfirmingIfAsked(page, invitee, setupKey)
    const key = (await setupKey.textContent())!.replace(/\s/g, '')
    await page.getByLabel('Code from your authenticator app').fill(await authenticatorCode(key))
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Your recovery codes' }).waitFor()
    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()
    expect(codes).toHaveLength(10)
    await expectNoAxeViolationsAtEveryWidth(page)
    await page.getByRole('button', { name: 'I have saved my codes' }).click()

    await page.waitForURL('**/en/brand')
    await page.getByRole('heading', { level: 1, name: `${BRAND}'s campaigns` }).waitFor()
    const ours = (await publicCampaigns()).filter((campaign) => campaign.brand === BRAND)
    expect(ours.length).toBeGreaterThan(0)
    const rows = page.getByRole('table', { name: `${BRAND}'s campaigns` }).getByRole('row')
    // A header row and one row per campaign of the brand, nothing else.
    expect(await rows.count()).toBe(ours.length + 1)
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('opens a campaign by keyboard, reads its chart and tables, and downloads its reviews', async () => {
    const [campaign] = (await publicCampaigns()).filter((item) => item.brand === BRAND)
    const link = page.getByRole('link', { name: campaign!.title })
    await pressUntilFocused(page, 'Tab', link, 20)
    await expectFocusVisible(page, link)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/en/brand/campaigns/${campaign!.id}`)
    await page.getByRole('heading', { level: 1, name: `Results: ${campaign!.title}` }).waitFor()

    const chart = page.getByRole('img', { name: /^Chart of .+'s funnel: the same figures as the table below\.$/ }).first()
    await chart.locator('svg .recharts-bar-rectangle').first().waitFor()
    await page.getByRole('table', { name: 'Published reviews by stars' }).waitFor()
    // The funnel's table, as a screen reader reads it: the published reviews are counted.
    const funnel = page.getByRole('table', { name: /: people at each step$/ }).first()
    const count = await funnel
      .locator('tr', { has: page.getByRole('rowheader', { name: 'Published', exact: true }) })
      .getByRole('cell')
      .first()
      .textContent()
    expect(Number(count)).toBeGreaterThan(0)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'brand-campaign-results')

    const csvButton = page.getByRole('button', { name: 'Download the published reviews (CSV)' })
    await pressUntilFocused(page, 'Tab', csvButton, 80)
    await expectFocusVisible(page, csvButton)
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toMatch(/^reviews-\d{4}-\d\d-\d\d\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('"Review","Rating","Title","Text","Published","Reviewer","Disclosure","Photos"')
    expect(csv).toContain('Finally no red patches')
    expect(csv).not.toMatch(/@/)
    // The page counted the reviews as they arrived, then said the file was saved.
    await textOnPage(page, 'The file is saved to your downloads.').waitFor()

    // The photos leave as a ZIP file, its index first.
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: "Download the reviews' photos (ZIP)" }).click()])
    expect(zip.suggestedFilename()).toMatch(/^review-photos-\d{4}-\d\d-\d\d\.zip$/)
    const files = unzipSync(readFileSync((await zip.path())!))
    expect(Object.keys(files)[0]).toBe('photos.csv')
    expect(new TextDecoder().decode(files['photos.csv']).split('\r\n')[0]).toBe('"File","Review","Rating","Title","Reviewer","Description"')
  })

  it("finds nothing of another brand's campaign, as a page or as a file", async () => {
    const [theirs] = (await publicCampaigns()).filter((item) => item.brand !== BRAND)
    const response = await page.goto(`/en/brand/campaigns/${theirs!.id}`)
    await page.waitForURL((url) => url.pathname.includes('404'))
    expect(response?.status()).not.toBe(200)
    expect(await page.locator('body').textContent()).not.toContain(theirs!.title)
    const file = await page.request.get(`/brand-exports/reviews.csv?campaign=${theirs!.id}`)
    expect(file.status()).toBe(404)
    expect(await file.text()).not.toContain(theirs!.title)
    // And the staff console stays closed to a brand's user.
    await gotoHydrated(page, '/en/ops')
    await page.getByRole('heading', { level: 1, name: 'No access to the console' }).waitFor()
  })

  it("leads the photos' link back to the results page, saying why, once the person's exports of the hour are used up", async () => {
    const [campaign] = (await publicCampaigns()).filter((item) => item.brand === BRAND)
    const results = `/en/brand/campaigns/${campaign!.id}`
    const zipLink = page.getByRole('link', { name: "Download the reviews' photos (ZIP)" })
    // A clock hour may end between the last refusal and the click, and start a new count: then again.
    for (let attempt = 1; ; attempt++) {
      await gotoHydrated(page, results)
      for (let taken = 0; ; taken++) {
        const response = await page.request.get(`/brand-exports/reviews.json?campaign=${campaign!.id}`, { headers: { 'sec-fetch-site': 'none' } })
        if (response.status() === 429) break
        expect(response.status()).toBe(200)
        expect(taken).toBeLessThan(60)
      }
      const outcome = await Promise.race([
        page.waitForURL((url) => url.searchParams.get('exportRefused') === 'per-hour').then(() => 'refused' as const),
        page.waitForEvent('download').then(() => 'downloaded' as const),
        zipLink.click().then(() => new Promise<never>(() => {})),
      ])
      if (outcome === 'refused') break
      expect(attempt).toBeLessThan(3)
    }
    expect(new URL(page.url()).pathname).toBe(results)
    await page
      .getByRole('alert')
      .filter({ hasText: /You have started 30 exports in this hour, the most one person may\. Try again in \d+ min\./ })
      .waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it("tells the brand's user, once their address is no longer confirmed, to confirm it first, and shows nothing of the brand", async () => {
    await markEmailVerified(invitee, false)
    const unconfirmed = await (await newContext(browser)).newPage()
    try {
      await signInThroughUi(unconfirmed, invitee, '/en/brand')
      await unconfirmed.getByRole('heading', { level: 1, name: 'No access to the brand pages' }).waitFor()
      await textOnPage(unconfirmed, `You are signed in as ${invitee.email}, whose address is not confirmed yet.`, { exact: false }).waitFor()
      const confirm = unconfirmed.getByRole('link', { name: 'Confirm my e-mail address' })
      expect(new URL((await confirm.getAttribute('href'))!, 'http://portal.invalid').searchParams.get('redirect')).toBe('/en/brand')
      expect(await unconfirmed.getByRole('table').count()).toBe(0)
      expect(await textOnPage(unconfirmed, BRAND, { exact: false }).count()).toBe(0)
    } finally {
      await markEmailVerified(invitee)
      await unconfirmed.context().close()
    }
  })
})
