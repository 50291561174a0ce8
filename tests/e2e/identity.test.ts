// A member's identity journey in the browser, against the real Auth emulator and the built portal.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, baseUrl, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { latestOobCode } from './support/emulator'

let browser: Browser
let context: BrowserContext
let page: Page
const member = { name: 'Robin Tester', email: `robin-${Date.now()}@example.com`, password: 'tested4you' }
const serverFunctionCalls: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/_serverFn/')) serverFunctionCalls.push(request.url())
  })
})
afterAll(async () => {
  await browser?.close()
})

/** The page as the server renders it for this browser's cookies, without following redirects. */
const serverRender = (path: string) => context.request.get(path, { maxRedirects: 0 })

async function signIn(email: string, password: string, path = '/en/user/login') {
  await gotoHydrated(page, path)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function signOutFromHeader() {
  await gotoHydrated(page, '/en/how-it-works')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor()
}

describe('a new member', () => {
  it('registers, with the password rules checked before submit', async () => {
    await gotoHydrated(page, '/en/user/register')
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Tester')
    await page.getByLabel('Display name').fill(member.name)
    await page.getByLabel('E-mail address').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Create my account' }).click()
    expect(await textOnPage(page, 'Your password does not meet the rules below.').isVisible()).toBe(true)
    expect(await textOnPage(page, 'Please accept the terms of use').isVisible()).toBe(true)
    // Nothing typed is lost after an error.
    expect(await page.getByLabel('Display name').inputValue()).toBe(member.name)

    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByLabel(/I accept the terms of use/).check()
    await page.getByRole('button', { name: 'Create my account' }).click()
    await page.waitForURL('**/en/member/verifications/EmailVerification')
    await textOnPage(page, `We sent a link to ${member.email}`).waitFor()
    expect(await page.getByRole('button', { name: /Send the link again/ }).isDisabled()).toBe(true)
    await keepScreenshot(page, 'email-verification')
    expect(await axeViolations(page)).toEqual([])
  })

  it('verifies the e-mail address with the link from the e-mail', async () => {
    const { oobCode } = await latestOobCode(member.email, 'VERIFY_EMAIL')
    await gotoHydrated(page, `/en/user/verify-email?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`)
    await textOnPage(page, 'Your e-mail address is verified').waitFor()
    expect(await axeViolations(page)).toEqual([])
  })

  it('signs out from the header, which ends the session on the server', async () => {
    await signOutFromHeader()
    const response = await serverRender('/en/member/missions')
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/en/user/login?redirect=%2Fen%2Fmember%2Fmissions')
  })

  it('is told the same thing for a wrong password as for an unknown e-mail', async () => {
    // The message is shown under the form and said through the page's assertive live region.
    const shown = page.locator('form [data-tone="error"]')
    const said = page.getByTestId('live-assertive')
    await signIn(member.email, 'wrong-password-1')
    await expect.poll(() => said.textContent()).toContain('do not match an account')
    const wrongPassword = await shown.textContent()
    expect(await said.textContent()).toBe(wrongPassword)
    await signIn(`nobody-${Date.now()}@example.com`, 'wrong-password-1')
    await expect.poll(() => said.textContent()).toBe(wrongPassword)
    expect(await shown.textContent()).toBe(wrongPassword)
  })

  it('signs in and returns to the page that asked for it, rendered on the server with their name', async () => {
    await signIn(member.email, member.password, '/en/user/login?redirect=%2Fen%2Fmember%2Fmissions')
    await page.waitForURL('**/en/member/missions')
    const response = await serverRender('/en/member/missions')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('private, no-store')
    expect(await response.text()).toContain(member.name)
  })

  it('is sent away from login and register while signed in', async () => {
    for (const path of ['/en/user/login', '/en/user/register']) {
      const response = await serverRender(path)
      expect(response.status()).toBe(302)
      expect(response.headers().location).toBe('/en/member/campaigns')
    }
    await gotoHydrated(page, '/en/how-it-works')
    expect(await page.getByTestId('member-name').textContent()).toBe(member.name)
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0)
  })

  it('holds the session in an HttpOnly, SameSite=Lax cookie of bounded life, which stops working after signing out', async () => {
    const session = (await context.cookies()).find((cookie) => cookie.name === '__session')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    // Local mode runs on http://localhost, so not Secure here (production uses __Host-session, Secure).
    const daysLeft = (session!.expires * 1000 - Date.now()) / 86_400_000
    expect(daysLeft).toBeGreaterThan(4.9)
    expect(daysLeft).toBeLessThanOrEqual(5)

    // Revocation counts whole seconds: a session cookie from a sign-in in the same second as the
    // sign-out would still pass the check, so the sign-out comes at least a second later.
    await new Promise((done) => setTimeout(done, 1100))
    await signOutFromHeader()
    // The old cookie, replayed as if it had been stolen before signing out: refused, since signing
    // out revoked the member's sessions on the server.
    const replayed = await fetch(`${baseUrl()}/en/member/missions`, {
      redirect: 'manual',
      headers: { cookie: `__session=${session!.value}`, accept: 'text/html' },
    })
    expect(replayed.status).toBe(302)
    expect(replayed.headers.get('location')).toBe('/en/user/login?redirect=%2Fen%2Fmember%2Fmissions')
    await signIn(member.email, member.password, '/en/user/login?redirect=%2Fen%2Fmember%2Fmissions')
    await page.waitForURL('**/en/member/missions')
  })

  it('ignores a redirect to another site after signing in', async () => {
    await signOutFromHeader()
    await signIn(member.email, member.password, '/en/user/login?redirect=https%3A%2F%2Fevil.example%2Fsteal')
    await page.waitForURL((url) => url.pathname.startsWith('/en/member/'))
    expect(new URL(page.url()).host).toBe(new URL(baseUrl()).host)
  })

  it('after signing out, guarded pages send the visitor to login with redirect set', async () => {
    await signOutFromHeader()
    for (const path of ['/en/member/missions', '/en/member/profile', '/en/ready-to-test']) {
      const response = await serverRender(path)
      expect(response.status()).toBe(302)
      const location = new URL(response.headers().location ?? '', baseUrl())
      expect(location.pathname).toBe('/en/user/login')
      expect(location.searchParams.get('redirect')).toBe(path)
    }
  })
})

describe('server functions', () => {
  it('refuse a cross-site POST (403) and accept a same-site one', async () => {
    const url = serverFunctionCalls[0]
    expect(url, 'the journey above called server functions').toBeDefined()
    const call = (headers: Record<string, string>) =>
      fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data: {} }) })
    const crossSite = await call({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    const sameSite = await call({ origin: baseUrl(), 'sec-fetch-site': 'same-origin' })
    expect(sameSite.status).not.toBe(403)
  })
})
