// The verification pages in the browser against the real member API and Auth emulator: each shows
// what is verified and lets the member verify what is not: the e-mail address with the link from
// the e-mail, the mobile number with the code from the text message (read from the local outbox),
// which is sent only once the e-mail address is verified.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portalActionLink } from '../../scripts/lib/action-links.mjs'
import { axeViolations, baseUrl, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { latestOobCode } from './support/emulator'
import { registerThroughUi } from './support/members'
import { latestSms } from './support/suite'

const MOBILE = '01512 3456780'
const MOBILE_E164 = '+4915123456780'

let browser: Browser
let context: BrowserContext
let page: Page
const member = { firstName: 'Vera', lastName: 'Fication', displayName: 'Vera F', email: `verifications-${Date.now()}@example.com`, password: 'tested4you' }

const status = () => page.locator('dl')

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  await registerThroughUi(page, member)
})
afterAll(async () => {
  await browser?.close()
})

describe('verifications', () => {
  it('offers no text-message code before the e-mail address is verified, and says where to verify it', async () => {
    await gotoHydrated(page, '/en/member/verifications/MobileVerifications')
    await page.getByRole('heading', { name: 'Mobile verification' }).waitFor()
    await textOnPage(page, 'We send codes by text message only to members who have verified their e-mail address.').waitFor()
    const verify = page.getByRole('link', { name: 'Verify your e-mail address' })
    expect(await verify.getAttribute('href')).toBe(
      `/en/member/verifications/EmailVerification?redirect=${encodeURIComponent('/en/member/verifications/MobileVerifications')}`,
    )
    // Nothing to send that the member API would refuse.
    expect(await page.getByRole('button', { name: 'Send me a code' }).count()).toBe(0)
    expect(await page.getByLabel('Mobile number').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'account-mobile-verification-email-first')

    await verify.click()
    await page.waitForURL((url) => url.pathname === '/en/member/verifications/EmailVerification')
    await status().getByText('Not verified yet').waitFor()
  })

  it('shows the e-mail address as not verified, then verified after the link from the e-mail', async () => {
    await gotoHydrated(page, '/en/member/verifications/EmailVerification')
    await page.getByRole('heading', { name: 'E-mail verification' }).waitFor()
    await status().getByText(member.email, { exact: true }).waitFor()
    await status().getByText('Not verified yet').waitFor()
    expect(await page.getByRole('link', { name: 'Change my e-mail address' }).getAttribute('href')).toBe('/en/member/email')
    await textOnPage(page, `We sent a link to ${member.email}.`).waitFor()
    expect(await axeViolations(page)).toEqual([])

    const { oobLink } = await latestOobCode(member.email, 'VERIFY_EMAIL')
    await page.goto(portalActionLink(oobLink, baseUrl()), { waitUntil: 'load' })
    await textOnPage(page, 'Your e-mail address is verified. Thank you!', { exact: true }).waitFor()

    await gotoHydrated(page, '/en/member/verifications/EmailVerification')
    await textOnPage(page, 'Your e-mail address is verified.', { exact: true }).waitFor()
    await status().getByText('Verified', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Send the link again' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'account-email-verification')

    // Sent here by the phone page, the member carries on there, where the code can now be sent.
    await gotoHydrated(page, `/en/member/verifications/EmailVerification?redirect=${encodeURIComponent('/en/member/verifications/MobileVerifications')}`)
    await page.getByRole('link', { name: 'Continue where you were' }).click()
    await page.waitForURL('**/en/member/verifications/MobileVerifications')
    await page.getByRole('button', { name: 'Send me a code' }).waitFor()
    expect(await textOnPage(page, 'We send codes by text message only to members who have verified').count()).toBe(0)
  })

  it('verifies a mobile number with the code from the text message and comes back showing it verified', async () => {
    await gotoHydrated(page, '/en/member/verifications/MobileVerifications')
    await page.getByRole('heading', { name: 'Mobile verification' }).waitFor()
    await textOnPage(page, 'There is no mobile number on your account yet.').waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('Country').selectOption('DE')
    await page.getByLabel('Mobile number').fill(MOBILE)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/en/user/verify-phone' && url.searchParams.get('redirect') === '/en/member/verifications/MobileVerifications',
    )
    const code = /\b(\d{6})\b/.exec(await latestSms(MOBILE_E164))?.[1]
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('Code').fill(code!)
    await page.getByRole('button', { name: 'Confirm my number' }).click()

    await page.waitForURL('**/en/member/verifications/MobileVerifications')
    await status().getByText(MOBILE_E164, { exact: true }).waitFor()
    await status().getByText('Verified', { exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Replace your number' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // A page rendered on the server says so too.
    await gotoHydrated(page, '/en/member/verifications/MobileVerifications')
    await status().getByText('Verified', { exact: true }).waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await keepScreenshot(page, 'account-mobile-verification')
  })
})
