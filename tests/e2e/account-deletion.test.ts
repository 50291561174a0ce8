// Deleting the account in the browser against the real member API and Auth emulator: the page says
// what goes and what stays, asks for a confirmation that names the consequence, then shows the
// receipt in place (also e-mailed to the old address, read from the local outbox) with the member
// signed out; the old credentials no longer sign in, and the same address registers again.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, gotoHydrated, keepScreenshot, launchBrowser, newContext, textOnPage } from './support/browser'
import { createMember, registerThroughUi, signInWithAddress, type TestMember } from './support/members'
import { emailsTo } from './support/suite'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember
let reference: string

const deleteButton = () => page.getByRole('main').getByRole('button', { name: 'Delete my account' })

beforeAll(async () => {
  member = await createMember('Dana Delete')
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  // The deletion page asks for a saved address first.
  await signInWithAddress(page, member, 'Löschweg 7')
})
afterAll(async () => {
  await browser?.close()
})

describe('deleting the account', () => {
  it('says what is deleted and kept, and asks for the box to be ticked first', async () => {
    await gotoHydrated(page, '/en/member/profile')
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Delete my account' }).first().click()
    await page.waitForURL('**/en/member/delete-account')
    await page.getByRole('heading', { name: 'What we delete' }).waitFor()
    await textOnPage(page, 'Your sign-in account').waitFor()
    await page.getByRole('heading', { name: 'What we keep, and why' }).waitFor()
    await textOnPage(page, 'Your published reviews, shown as written by “Former member”').waitFor()
    await textOnPage(page, `We will send the deletion receipt to ${member.email}.`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'account-deletion-page')

    await deleteButton().click()
    await textOnPage(page, 'Tick the box to confirm that you understand the deletion cannot be undone.').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)

    // The dialog names the consequence; keeping the account changes nothing.
    await page.getByLabel('I understand that this deletes my account for good and cannot be undone.').check()
    await deleteButton().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Your personal data is removed and you are signed out everywhere. This cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'Keep my account' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await gotoHydrated(page, '/en/member/delete-account')
    await page.getByRole('heading', { name: 'What we delete' }).waitFor()
  })

  it('deletes after the confirmation: the receipt in place and by e-mail, signed out, nothing asked of the deleted member', async () => {
    await page.getByLabel('I understand that this deletes my account for good and cannot be undone.').check()
    await deleteButton().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Delete your account for good?').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Delete my account' }).click()

    const receipt = page.getByTestId('deletion-receipt')
    await page.getByRole('heading', { name: 'Account deleted', level: 1 }).waitFor()
    await receipt.getByRole('heading', { name: 'Deletion receipt' }).waitFor()
    reference = (await page.getByTestId('deletion-reference').textContent())?.trim() ?? ''
    expect(reference).toMatch(/^DEL-[A-Z0-9]{10}$/)
    await receipt.getByText('Your shipping address').waitFor()
    await receipt.getByText(`A copy was sent to ${member.email.slice(0, 1)}•••@example.com.`).waitFor()
    await receipt.getByRole('button', { name: 'Print receipt' }).waitFor()
    expect(page.url()).toContain('/en/member/delete-account')

    // Signed out in the header, and no member call ended in "session expired" meanwhile.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().waitFor()
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).count()).toBe(0)
    await page.waitForTimeout(1500)
    expect(await textOnPage(page, 'Your session has expired').count()).toBe(0)
    expect(page.url()).toContain('/en/member/delete-account')
    await receipt.waitFor()
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'account-deletion-receipt')

    // The receipt went to the address held before.
    const [mail] = (await emailsTo(member.email)).filter((message) => message.subject === 'Your Testers Circle account was deleted')
    expect(mail?.body).toContain(`Reference: ${reference}`)
    expect(mail?.body).toContain('your shipping address')
    expect(mail?.body).not.toContain('Dana')

    // The account pages are a signed-in member's again.
    await gotoHydrated(page, '/en/member/delete-account')
    await page.waitForURL('**/en/user/login**')
  })

  it('no longer signs in with the old credentials, and the same address registers again', async () => {
    await gotoHydrated(page, '/en/user/login')
    await page.getByLabel('E-mail address').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await textOnPage(page, 'That e-mail and password do not match an account.').waitFor()

    await registerThroughUi(page, { firstName: 'Dana', lastName: 'Again', displayName: 'Dana Again', email: member.email, password: 'tested4you-again' })
    await textOnPage(page, member.email).first().waitFor()
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).first().waitFor()
  })
})
