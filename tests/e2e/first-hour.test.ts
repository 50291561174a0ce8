// A new member's first hour, as they live it in the browser: the verification link (as local mode
// delivers it) takes effect at once, with no new sign-in, on every page and in the member API; and
// the header's points always say what the page says, after a mission and after a redemption.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { portalActionLink } from '../../scripts/lib/action-links.mjs'
import { axeViolations, baseUrl, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { latestOobCode } from './support/emulator'
import { registerThroughUi } from './support/members'

let browser: Browser
let context: BrowserContext
let page: Page
const member = { email: `first-hour-${Date.now()}@example.com`, password: 'tested4you', displayName: 'Robin First' }

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

/** The member API's own record of the member, read with a token of the test's own. */
async function memberRecord(): Promise<{ emailVerified: boolean; pointsBalance: number }> {
  const signIn = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password, returnSecureToken: true }),
  })
  const { idToken } = (await signIn.json()) as { idToken: string }
  const response = await fetch(`${inject('suiteUrl')}/suite/api/members`, { headers: { authorization: `Bearer ${idToken}` } })
  return ((await response.json()) as { data: { emailVerified: boolean; pointsBalance: number } }).data
}

/** The link of the newest e-mail of a kind, as `npm start` prints it for local mode. */
async function deliveredLink(email: string, kind: 'VERIFY_EMAIL'): Promise<string> {
  return portalActionLink((await latestOobCode(email, kind)).oobLink, baseUrl())
}

const headerPoints = (on: Page) => on.getByRole('banner').getByTestId('points-balance')

const register = (on: Page, who: typeof member) => registerThroughUi(on, { ...who, firstName: 'Robin', lastName: 'First' })

describe('e-mail verification', () => {
  it('takes effect at once: the pages, the missions, the header and the member API all say verified, without signing in again', async () => {
    await register(page, member)
    await textOnPage(page, `We sent a link to ${member.email}.`).waitFor()

    const link = await deliveredLink(member.email, 'VERIFY_EMAIL')
    expect(link.startsWith(`${baseUrl()}/en/user/verify-email?mode=verifyEmail&`)).toBe(true)
    // Opened as from the e-mail: a fresh page load, before Firebase has restored the member.
    await page.goto(link, { waitUntil: 'load' })
    await textOnPage(page, 'Your e-mail address is verified. Thank you!', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'Go to my campaigns' }).waitFor()

    await gotoHydrated(page, '/en/member/verifications/EmailVerification')
    await textOnPage(page, 'Your e-mail address is verified.', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Send the link again' }).count()).toBe(0)

    await gotoHydrated(page, '/en/member/missions')
    const mission = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Verify your e-mail' }) })
    await mission.getByText('Done · 25 points earned').waitFor()
    expect(await page.getByTestId('missions-balance').textContent()).toBe('25')
    expect(await headerPoints(page).textContent()).toBe('25 points')
    // A new member's standing, what counts towards it, and what the next tier takes.
    const standing = page.locator('#standing')
    expect(await standing.getByTestId('standing-tier').textContent()).toBe('Newcomer')
    await standing.getByText('Score 0. 10 more to reach Tester.').waitFor()
    await standing.getByRole('row', { name: /Withdrawn after being selected −10 0/ }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'first-hour-missions')

    expect(await memberRecord()).toMatchObject({ emailVerified: true, pointsBalance: 25 })
  })

  it('opened in another browser: that one says so and offers to sign in, and the first notices on the member’s word', async () => {
    const other = { email: `first-hour-other-${Date.now()}@example.com`, password: 'tested4you', displayName: 'Robin Other' }
    const first = await newContext(browser)
    const phone = await newContext(browser)
    try {
      const firstPage = await first.newPage()
      await register(firstPage, other)
      const phonePage = await phone.newPage()
      await phonePage.goto(await deliveredLink(other.email, 'VERIFY_EMAIL'), { waitUntil: 'load' })
      await textOnPage(phonePage, 'Your e-mail address is verified. Thank you! Sign in to carry on.').waitFor()
      expect(await phonePage.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/user/login')
      expect(await axeViolations(phonePage)).toEqual([])

      await firstPage.getByRole('button', { name: 'I have opened the link' }).click()
      await textOnPage(firstPage, 'Your e-mail address is verified.', { exact: true }).waitFor()
    } finally {
      await Promise.all([first.close(), phone.close()])
    }
  })
})

describe('the header’s points', () => {
  it('equal the page’s balance after a mission is credited and after a redemption', async () => {
    await gotoHydrated(page, '/en/member/social-accounts')
    expect(await headerPoints(page).textContent()).toBe('25 points')
    await page.getByLabel('Platform').selectOption('instagram')
    await page.getByLabel('User name').fill('robin.first')
    await page.getByLabel('Followers').fill('320')
    await page.getByRole('button', { name: 'Save account' }).click()
    // "Connect a social account" is credited with the save: the header follows without a reload.
    await expect.poll(() => headerPoints(page).textContent()).toBe('50 points')

    // Goodwill points from an operator, then a redemption of 500.
    const grant = await fetch(`${inject('suiteUrl')}/suite/api/dev/ops`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'grant-points', email: member.email, points: 500, reason: 'Welcome from the team' }),
    })
    expect(grant.status).toBe(200)
    await page.getByRole('banner').getByRole('link', { name: 'Missions' }).click()
    await page.waitForURL('**/en/member/missions')
    await expect.poll(() => headerPoints(page).textContent()).toBe(`${await page.getByTestId('missions-balance').textContent()} points`)
    expect(await page.getByTestId('missions-balance').textContent()).toBe('550')

    await gotoHydrated(page, '/en/member/missions/rewards')
    await page.getByRole('button', { name: /^Redeem 500 points/ }).click()
    await page.getByTestId('latest-code').waitFor()
    await expect.poll(() => page.getByTestId('rewards-balance').textContent()).toBe('50')
    await expect.poll(() => headerPoints(page).textContent()).toBe('50 points')
  })
})
