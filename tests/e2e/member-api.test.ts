// The portal and the member API together, as a member meets them: the address guard and form, the
// error catalogue (session expired, 409 dialog, 404, member API down) and front-end logging.
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { axeViolations, baseUrl, firebaseUsersInBrowser, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { createMember, DEMO_MEMBER, signInThroughUi, uniqueStreet, type TestMember } from './support/members'
import { startPortal } from './support/portal'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  member = await createMember('Alex Address')
})
afterAll(async () => {
  await browser?.close()
})

describe('the address guard and the address form', () => {
  it('sends a member without an address to the form, keeps their input after an error, then returns', async () => {
    await signInThroughUi(page, member, '/en/ready-to-test')
    await page.waitForURL('**/en/member/address?redirect=%2Fen%2Fready-to-test')
    await textOnPage(page, 'Save your shipping address to continue').waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('Full name').fill('Alex Address')
    const street = uniqueStreet()
    await page.getByLabel('Street and house number').fill(street)
    await page.getByLabel('Postal code').fill('123')
    await page.getByLabel('Town or city').fill('Berlin')
    await page.getByLabel('Country').selectOption('DE')
    await page.getByRole('button', { name: 'Save my address' }).click()
    await textOnPage(page, 'Enter a postal code of the chosen country').waitFor()
    expect(await page.getByLabel('Street and house number').inputValue()).toBe(street)
    await keepScreenshot(page, 'address-form-error')

    await page.getByLabel('Postal code').fill('10115')
    await page.getByRole('button', { name: 'Save my address' }).click()
    await page.waitForURL('**/en/ready-to-test')
    // The header knows the member from member_info: name and points.
    expect(await page.getByTestId('member-name').textContent()).toBe('Alex Address')
    expect(await page.getByTestId('points-balance').textContent()).toMatch(/^\d+ points$/)
  })

  it('shows the saved address when the member comes back', async () => {
    await gotoHydrated(page, '/en/member/address')
    expect(await page.getByLabel('Postal code').inputValue()).toBe('10115')
    expect(await page.getByLabel('Country').inputValue()).toBe('DE')
  })

  it('takes a postal code refused for its country once the country is corrected, pressed while the focus is still on the refused field', async () => {
    await gotoHydrated(page, '/en/member/address')
    await page.getByLabel('Postal code').fill('1012 AB')
    await page.getByLabel('Town or city').fill('Amsterdam')
    await page.getByRole('button', { name: 'Save changes' }).click()
    const refused = textOnPage(page, 'Enter a postal code of the chosen country', { exact: false })
    await refused.waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('postalCode')
    // Choosing from the list leaves the focus where it is: leaving the field on the press below must
    // not take its message away (the button would move up, and the press miss it).
    await page.getByLabel('Country').selectOption('NL')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await textOnPage(page, 'Address saved').first().waitFor()
    expect(await refused.count()).toBe(0)
    await gotoHydrated(page, '/en/member/address')
    expect(await page.getByLabel('Country').inputValue()).toBe('NL')
    expect(await page.getByLabel('Postal code').inputValue()).toBe('1012 AB')

    // Back to Berlin for the tests below.
    await page.getByLabel('Postal code').fill('10115')
    await page.getByLabel('Town or city').fill('Berlin')
    await page.getByLabel('Country').selectOption('DE')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await textOnPage(page, 'Address saved').first().waitFor()
  })
})

describe('the error catalogue in the browser', () => {
  it('a revoked session: toast, signed out, login with redirect, and back after signing in', async () => {
    await gotoHydrated(page, '/en/member/address')
    process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost')
    const admin = initializeApp({ projectId: 'demo-portal' }, `revoke-${Date.now()}`)
    try {
      await new Promise((r) => setTimeout(r, 1100)) // revocation counts whole seconds
      await getAuth(admin).revokeRefreshTokens(member.uid)
    } finally {
      await deleteApp(admin)
    }
    await page.getByRole('banner').getByRole('link', { name: 'Missions' }).click()
    await textOnPage(page, 'Your session has expired. Please sign in again.').waitFor()
    await page.waitForURL('**/en/user/login?redirect=%2Fen%2Fmember%2Fmissions')
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()

    await page.getByLabel('E-mail address').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL('**/en/member/missions')
    await page.getByRole('heading', { name: 'Your missions' }).waitFor()
  })

  it('a session that ended while a page was rendered on the server: toast, and the browser signs out too', async () => {
    await gotoHydrated(page, '/en/member/missions')
    if (new URL(page.url()).pathname.startsWith('/en/user/login')) await signInThroughUi(page, member, '/en/member/missions')
    await page.getByRole('heading', { name: 'Your missions' }).waitFor()
    expect(await firebaseUsersInBrowser(page)).toBe(1)
    // What the server does on that 401: clears its cookie and sends the browser to login with
    // expired=true. Firebase in the browser still holds the member at that point.
    await context.clearCookies({ name: '__session' })
    await gotoHydrated(page, '/en/user/login?expired=true&redirect=%2Fen%2Fmember%2Fmissions')
    await textOnPage(page, 'Your session has expired. Please sign in again.').waitFor()
    // Firebase's own record of the signed-in user is gone from the browser ...
    await expect.poll(() => firebaseUsersInBrowser(page), { interval: 200 }).toBe(0)
    // ... and no new session was opened with it.
    expect((await context.cookies()).some((cookie) => cookie.name === '__session')).toBe(false)
    await gotoHydrated(page, '/en/how-it-works')
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().waitFor()

    await signInThroughUi(page, member, '/en/member/missions')
    await page.getByRole('heading', { name: 'Your missions' }).waitFor()
  })

  it('a 409 from the member API shows the dialog with its message', async () => {
    const demo = await browser.newContext({ baseURL: page.url(), viewport: { width: 1280, height: 900 } })
    try {
      const stale = await demo.newPage()
      await signInThroughUi(stale, DEMO_MEMBER, '/en/member/missions/rewards')
      await stale.getByTestId('rewards-balance').waitFor()
      // Spend the points in another tab; the first tab still shows the old balance.
      const other = await demo.newPage()
      await gotoHydrated(other, '/en/member/missions/rewards')
      const smallest = other.getByRole('button', { name: /^Redeem 500 points/ })
      while (await smallest.isEnabled()) {
        await smallest.click()
        await other.getByTestId('latest-code').waitFor()
        await other.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
      }
      await stale.getByRole('button', { name: /^Redeem 500 points/ }).click()
      const dialog = stale.getByRole('dialog', { name: 'Something went wrong' })
      await dialog.waitFor()
      expect(await dialog.textContent()).toMatch(/Not enough points/)
      await keepScreenshot(stale, 'conflict-dialog')
      await dialog.getByRole('button', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'hidden' })
    } finally {
      await demo.close()
    }
  })

  it('a review id that does not exist leads to the 404 page', async () => {
    const response = await context.request.get('/en/reviews/00000000-0000-4000-8000-000000000000', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/en/404')
    await gotoHydrated(page, '/en/reviews/00000000-0000-4000-8000-000000000000')
    expect(new URL(page.url()).pathname).toBe('/en/404')
  })

  it('an uncaught error in the browser reaches the log collector', async () => {
    await gotoHydrated(page, '/en/how-it-works')
    const marker = `e2e uncaught error ${Date.now()}`
    const logged = page.waitForResponse((response) => response.url().includes('/_serverFn/') && (response.request().postData() ?? '').includes(marker))
    await page.evaluate(
      (message) =>
        setTimeout(() => {
          throw new Error(message)
        }),
      marker,
    )
    const response = await logged
    expect(response.status()).toBe(200)
    // The server function's answer { sent: true } (the suite stored the entry), as seroval writes it.
    expect(await response.text()).toContain('"k":["sent"],"v":[{"t":2,"s":2}]')
  })
})

describe('with the member API down', () => {
  it('a member page shows the generic dialog, and the portal keeps serving', async () => {
    const deadSuite = `http://127.0.0.1:${await freePort()}`
    const portal = await startPortal('portal-without-suite', { SUITE_URL: deadSuite })
    const lonely = await newContext(browser, { baseURL: portal.baseURL })
    try {
      const p = await lonely.newPage()
      await signInThroughUi(p, member, '/en/member/missions')
      await p.waitForURL('**/en/member/missions')
      const dialog = p.getByRole('dialog', { name: 'Something went wrong' })
      await dialog.waitFor()
      expect(await dialog.textContent()).toContain('Something went wrong please try again later')
      await dialog.getByRole('button', { name: 'Close' }).click()
      await textOnPage(p, 'We could not load this page just now. Please try again in a moment.').waitFor()
      // Rendered on the server, the page comes with the same message, and the browser raises the dialog once.
      await p.reload()
      await dialog.waitFor()
      await dialog.getByRole('button', { name: 'Close' }).click()
      await textOnPage(p, 'We could not load this page just now. Please try again in a moment.').waitFor()
      await expect.poll(() => p.getByRole('dialog').count()).toBe(0)
      const response = await lonely.request.get('/en/member/missions', { maxRedirects: 0 })
      // The page could not be made: a 500 carrying the page's frame and message, not a blank error.
      expect(response.status()).toBe(500)
      expect(await response.text()).toContain('We could not load this page just now.')
      expect((await lonely.request.get('/en/how-it-works')).status()).toBe(200)
      // Alive, not ready: a load balancer sends this portal nothing until its member API answers.
      expect((await lonely.request.get('/healthz')).status()).toBe(200)
      expect((await lonely.request.get('/readyz')).status()).toBe(503)
      expect((await fetch(`${baseUrl()}/readyz`)).status).toBe(200)
    } finally {
      await lonely.close()
      await portal.stop()
    }
  })
})
