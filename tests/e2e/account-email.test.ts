// Changing the e-mail address in the browser against the real member API and Auth emulator: the
// new address is checked, confirmed with the code sent to it (read from the local outbox), and
// becomes the member's in Firebase too; the session carries on, the old address is told, and the
// sign-in works with the new address only.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { createMember, DEMO_MEMBER, signInThroughUi, signInWithAddress, type TestMember } from './support/members'
import { emailsTo, setSuiteClock } from './support/suite'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember
let next: string

async function latestCode(to: string): Promise<string> {
  const [message] = await emailsTo(to, 1)
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1]
  if (!code) throw new Error(`No code e-mailed to ${to} in the outbox`)
  return code
}

const emailField = () => page.getByLabel('New e-mail address')
const sendCode = () => page.getByRole('button', { name: 'Send me a code' })

beforeAll(async () => {
  member = await createMember('Emil Change')
  next = `changed-${member.email}`
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  // The e-mail page asks for a saved address first.
  await signInWithAddress(page, member)
})
afterAll(async () => {
  await setSuiteClock(0)
  await browser?.close()
})

describe('changing the e-mail address', () => {
  it('is reached from My account and refuses a malformed address and one in use, keeping what was typed', async () => {
    await gotoHydrated(page, '/en')
    await page.getByRole('banner').getByRole('link', { name: 'My account' }).first().click()
    await page.waitForURL('**/en/member/profile')
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'E-mail address' }).first().click()
    await page.waitForURL('**/en/member/email')
    await textOnPage(page, `We write to ${member.email} now.`).waitFor()
    await emailField().waitFor()
    expect(await axeViolations(page)).toEqual([])

    // The schema refuses it before anything is sent.
    await emailField().fill('not-an-address')
    await sendCode().click()
    await textOnPage(page, 'Enter a complete e-mail address, like name@example.com.').waitFor()
    expect(await emailField().getAttribute('aria-invalid')).toBe('true')
    expect(await emailField().inputValue()).toBe('not-an-address')

    // The member API says another account has it.
    await emailField().fill(DEMO_MEMBER.email)
    await sendCode().click()
    await textOnPage(page, 'Another account already uses this address.').waitFor()
    expect(await emailField().inputValue()).toBe(DEMO_MEMBER.email)

    await emailField().fill(member.email)
    await sendCode().click()
    await textOnPage(page, 'This is already your e-mail address.').waitFor()
  })

  it('confirms the new address with the code sent to it, and the session carries on', async () => {
    await gotoHydrated(page, '/en/member/email')
    await emailField().fill(next)
    await sendCode().click()
    await textOnPage(page, 'We sent a 6-digit code to').waitFor()
    // The address is shown masked, as the member API gave it.
    expect(await page.locator('strong').filter({ hasText: '•••' }).count()).toBeGreaterThan(0)
    await page.getByLabel('Code').waitFor()
    expect(await axeViolations(page)).toEqual([])

    const code = await latestCode(next)
    const wrong = code === '123456' ? '654321' : '123456'
    await page.getByLabel('Code').fill(wrong)
    await page.getByRole('button', { name: 'Confirm my new address' }).click()
    await textOnPage(page, 'That code is not right. Check the e-mail and try again.').waitFor()
    expect(await page.getByLabel('Code').inputValue()).toBe(wrong)
    // Nothing changed yet.
    await textOnPage(page, `We write to ${member.email} now.`).waitFor()

    // A new code replaces the first one.
    await page.getByRole('button', { name: 'Send a new code' }).click()
    await textOnPage(page, 'Only the newest code works.', { exact: false }).waitFor()
    const newest = await latestCode(next)
    await page.getByLabel('Code').fill(newest)
    await page.getByRole('button', { name: 'Confirm my new address' }).click()
    await textOnPage(page, `Your e-mail address is now ${next}. We sent a note about the change to ${member.email}.`).waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await keepScreenshot(page, 'account-email-changed')
    expect(await axeViolations(page)).toEqual([])

    // Still signed in, on a fresh session: a page rendered on the server shows the new address.
    await gotoHydrated(page, '/en/member/verifications/EmailVerification')
    await textOnPage(page, 'Your e-mail address is verified.', { exact: true }).waitFor()
    await textOnPage(page, next, { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBeGreaterThan(0)

    // The old address was told.
    const notices = (await emailsTo(member.email)).filter((message) => message.subject === 'Your Testers Circle e-mail address was changed')
    expect(notices).toHaveLength(1)
  })

  it('signs in with the new address, not the old one', async () => {
    await page.getByRole('button', { name: 'Sign out' }).first().click()
    await page.waitForURL((url) => url.pathname === '/en')

    await gotoHydrated(page, '/en/user/login')
    await page.getByLabel('E-mail address').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await textOnPage(page, 'That e-mail and password do not match an account.').waitFor()

    await signInThroughUi(page, { email: next, password: member.password }, '/en/member/verifications/EmailVerification')
    await page.waitForURL('**/en/member/verifications/EmailVerification')
    await textOnPage(page, next, { exact: true }).waitFor()
  })

  it('asks for the password again when the sign-in is over 5 minutes old, keeping the code, then changes the address', async () => {
    const third = `third-${member.email}`
    await gotoHydrated(page, '/en/member/email')
    await textOnPage(page, `We write to ${next} now.`).waitFor()
    await emailField().fill(third)
    await sendCode().click()
    await page.getByLabel('Code').waitFor()
    // Back to the address, as typed, and on again.
    await page.getByRole('button', { name: 'Use another address' }).click()
    expect(await emailField().inputValue()).toBe(third)
    await sendCode().click()
    await page.getByLabel('Code').waitFor()
    const code = await latestCode(third)
    // To the member API the sign-in is now 301 s older than it is.
    await setSuiteClock(301)
    await page.getByLabel('Code').fill(code)
    const confirm = page.getByRole('button', { name: 'Confirm my new address' })
    await confirm.click()
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" })
    await dialog.waitFor()
    expect(await axeViolations(page)).toEqual([])

    // Cancelled: nothing changed, the code is still there.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await textOnPage(page, `Nothing was changed: we still write to ${next}.`).waitFor()
    expect(await page.getByLabel('Code').inputValue()).toBe(code)

    // Again, with the password: the change goes through on a fresh sign-in.
    await confirm.click()
    await dialog.waitFor()
    await setSuiteClock(0)
    await dialog.getByLabel('Password').fill(member.password)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await textOnPage(page, `Your e-mail address is now ${third}. We sent a note about the change to ${next}.`).waitFor()
    await gotoHydrated(page, '/en/member/verifications/EmailVerification')
    await textOnPage(page, third, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Sign out' }).first().waitFor()
  })
})
