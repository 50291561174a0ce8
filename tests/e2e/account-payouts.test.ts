// Payout details in the browser against the real member API and Auth emulator: a verified-purchase
// participation asks for them, a bad IBAN is refused before anything is sent, a good one is saved
// and shown masked, removal asks first, and a change long after signing in asks for the password
// again ("Confirm it's you") and then goes through with what was typed.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { expectNoAxeViolations, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { createMember, signInWithAddress, type TestMember } from './support/members'
import { setSuiteClock } from './support/suite'

const VERIFIED_PURCHASE = 'lumen-vitamin-c-serum'
const GOOD_IBAN = 'DE89 3704 0044 0532 0130 00'
const BAD_IBAN = 'DE00 0000 0000 0000 0000 00'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember
let participationPath: string

/** Server-function calls the page makes while `action` runs. */
async function serverCallsDuring(action: () => Promise<void>): Promise<string[]> {
  const calls: string[] = []
  const record = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/_serverFn/') && request.method() === 'POST') calls.push(request.url())
  }
  page.on('request', record)
  try {
    await action()
  } finally {
    page.off('request', record)
  }
  return calls
}

const ibanField = () => page.getByLabel('IBAN', { exact: true })
const holderField = () => page.getByLabel('Account holder')
const masked = () => page.getByTestId('payout-masked')

beforeAll(async () => {
  member = await createMember('Paula Payout')
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  await signInWithAddress(page, member)
  // The verified-purchase test is for adults: a birth date first.
  await gotoHydrated(page, '/en/member/profile')
  await page.getByLabel('First name').fill('Paula')
  await page.getByLabel('Last name').fill('Payout')
  await page.getByLabel('Date of birth').fill('1988-03-09')
  await page.getByRole('button', { name: 'Save my profile' }).click()
  await textOnPage(page, 'Profile saved').first().waitFor()
})
afterAll(async () => {
  await setSuiteClock(0).catch(() => undefined)
  await browser?.close()
})

describe('payout details', () => {
  it('are asked for by a verified-purchase participation while none are saved', async () => {
    await gotoHydrated(page, `/en/ready-to-test/${VERIFIED_PURCHASE}`)
    await page.getByRole('group', { name: 'What is your skin type?' }).getByLabel('Oily').check()
    await page.getByRole('button', { name: 'Apply for this test' }).click()
    await page.getByRole('heading', { name: 'You are selected!' }).waitFor()

    const campaign = (await (await fetch(`${inject('suiteUrl')}/suite/api/public/campaigns/${VERIFIED_PURCHASE}`)).json()) as { data: { id: string } }
    participationPath = `/en/member/campaigns/${campaign.data.id}`
    await gotoHydrated(page, participationPath)
    await textOnPage(page, 'Tell us where to send your reimbursement.').waitFor()
    await page.getByRole('link', { name: 'Add your payout details' }).click()
    await page.waitForURL((url) => url.pathname === '/en/member/payments' && url.searchParams.get('redirect') === participationPath)
    await page.getByRole('group', { name: 'How should we pay you?' }).waitFor()
    await expectNoAxeViolations(page)
  })

  it('refuse a bad IBAN before sending it, keep what was typed, then save a good one, shown masked', async () => {
    await page.getByLabel('Bank account (IBAN)').check()
    await holderField().fill('Paula Payout')
    await ibanField().fill(BAD_IBAN)
    const sent = await serverCallsDuring(async () => {
      await page.getByRole('button', { name: 'Save payout details' }).click()
      await textOnPage(page, 'Enter a valid IBAN: check the letters and digits').waitFor()
    })
    expect(sent).toEqual([])
    expect(await ibanField().getAttribute('aria-invalid')).toBe('true')
    expect(await holderField().inputValue()).toBe('Paula Payout')
    expect(await ibanField().inputValue()).toBe(BAD_IBAN)
    // Focus goes to the field to fix.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('iban')
    await expectNoAxeViolations(page)
    await keepScreenshot(page, 'account-payouts-bad-iban')

    // Typed without spaces, written in groups once the member leaves the field.
    await ibanField().fill(GOOD_IBAN.replaceAll(' ', '').toLowerCase())
    await ibanField().blur()
    expect(await ibanField().inputValue()).toBe(GOOD_IBAN)
    await page.getByRole('button', { name: 'Save payout details' }).click()
    // Saved, and back to the participation that asked, which no longer asks.
    // The toast (3 s) shows before the participation has loaded: both are watched for from the click on.
    await Promise.all([page.waitForURL((url) => url.pathname === participationPath), textOnPage(page, 'Payout details saved').first().waitFor()])
    await page.getByRole('heading', { name: 'Your journey' }).waitFor()
    expect(await textOnPage(page, 'Tell us where to send your reimbursement.').count()).toBe(0)

    await gotoHydrated(page, '/en/member/payments')
    expect(await masked().textContent()).toBe('DE89 •••• •••• •••• ••30 00')
    expect(await textOnPage(page, 'Paula Payout').count()).toBeGreaterThan(0)
    expect(await ibanField().count()).toBe(0)
    await expectNoAxeViolations(page)
  })

  it('are removed only after confirming', async () => {
    await page.getByRole('button', { name: 'Remove' }).click()
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.getByText('We cannot reimburse verified purchases until you add new ones.').waitFor()
    await confirm.getByRole('button', { name: 'Keep them' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(await masked().count()).toBe(1)

    await page.getByRole('button', { name: 'Remove' }).click()
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await textOnPage(page, 'Payout details removed').first().waitFor()
    await page.getByRole('group', { name: 'How should we pay you?' }).waitFor()
    expect(await masked().count()).toBe(0)
    // The button pressed is gone: focus is on the form that replaced it.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('method')
    await gotoHydrated(page, '/en/member/payments')
    await page.getByRole('group', { name: 'How should we pay you?' }).waitFor()
    expect(await masked().count()).toBe(0)
  })

  it('ask for the password again when the sign-in is over 5 minutes old, and save what was typed', async () => {
    await gotoHydrated(page, '/en/member/payments')
    // To the member API the sign-in is now 301 s older than it is.
    await setSuiteClock(301)
    const emailField = page.locator('input[name="email"]')
    await emailField.fill('paula.paypal@example.com')
    const save = page.getByRole('button', { name: 'Save payout details' })
    await save.click()

    const dialog = page.getByRole('dialog', { name: "Confirm it's you" })
    await dialog.waitFor()
    const password = dialog.getByLabel('Password')
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('password')
    expect(await emailField.inputValue()).toBe('paula.paypal@example.com')
    await expectNoAxeViolations(page)
    await keepScreenshot(page, 'account-payouts-confirm')

    // Cancelled: nothing changed, the typed value stays, focus back on the button that asked.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await textOnPage(page, 'Nothing was changed.').waitFor()
    expect(await emailField.inputValue()).toBe('paula.paypal@example.com')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Save payout details')

    // Again; a wrong password first.
    await save.click()
    await dialog.waitFor()
    await password.fill('not-my-password')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('That password is not right.').waitFor()
    expect(await password.getAttribute('aria-invalid')).toBe('true')

    // The right one: the sign-in is fresh (the member API's clock back on time) and the save goes through.
    await setSuiteClock(0)
    await password.fill(member.password)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await textOnPage(page, 'Payout details saved').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(await masked().textContent()).toBe('p•••@example.com')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Change')
    await gotoHydrated(page, '/en/member/payments')
    expect(await masked().textContent()).toBe('p•••@example.com')
    // Still signed in, on the new session.
    await page.getByRole('button', { name: 'Sign out' }).waitFor()
  })
})
