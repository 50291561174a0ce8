// Suspending a member, in the browser against the real member API: support (given the role from the
// command line) opens a member's record and suspends them by keyboard with a reason and a note, until
// lifted; the member, signed in in another browser, sees the banner (why, until when, how to appeal)
// and the campaign page says they cannot apply because of it; they are told by e-mail. Support lifts
// the suspension; the banner is gone and the member may apply again. The audit log holds both.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused } from './support/keyboard'
import { createConfirmedMember, createMember, DEMO_STAFF, giveAuthenticator, signInThroughUi, signInWithAddress, type TestMember } from './support/members'
import { emailsTo, operatorCommand } from './support/suite'

/** A campaign open to anyone with an address, whose flight takes sign-ups. */
const CAMPAIGN = '/en/ready-to-test/kettle-kiln-cold-brew'
/** Words only this run's suspension carries. */
const NOTE = `Same review text as on another site (${Date.now().toString(36)})`

let browser: Browser
let member: TestMember
let support: TestMember
let memberPage: Page
let page: Page
let recordPath = ''

async function freshPage(): Promise<Page> {
  return (await newContext(browser)).newPage()
}

/** The campaign page's box saying what the member can do about it. */
const campaignBox = () => memberPage.locator('aside[aria-labelledby="campaign-cta"]')

beforeAll(async () => {
  browser = await launchBrowser()
  member = await createMember('Sid Suspended')
  support = await createConfirmedMember('Sue Suspender')
  expect(await operatorCommand({ command: 'staff-grant', email: support.email, role: 'support' })).toMatchObject({ changed: true })
  await giveAuthenticator(support)
  // The member signs in and saves an address: support finds them, and the campaign is open to them.
  memberPage = await freshPage()
  await signInWithAddress(memberPage, member)
  await gotoHydrated(memberPage, CAMPAIGN)
  await textOnPage(memberPage, 'You meet the rules of this test.').waitFor()
})

afterAll(async () => {
  await browser?.close()
})

describe('suspending a member', () => {
  it('support suspends the member by keyboard with a reason and a note, until lifted', async () => {
    page = await freshPage()
    await signInThroughUi(page, support, `/en/ops/members?q=${encodeURIComponent(member.email)}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('link', { name: member.displayName }).click()
    await page.getByRole('heading', { name: member.displayName, level: 1 }).waitFor()
    recordPath = new URL(page.url()).pathname
    await page.getByRole('heading', { name: 'Suspension', level: 3 }).waitFor()

    // Sent without a reason: refused beside the field, nothing done.
    const reason = page.getByRole('combobox', { name: 'Reason for the suspension' })
    const submit = page.getByRole('button', { name: 'Suspend…' })
    await pressUntilFocused(page, 'Tab', submit, 80)
    await expectFocusVisible(page, submit)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Choose a reason from the list.').waitFor()
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await reason.getAttribute('aria-invalid')).toBe('true')
    await expectNoAxeViolationsAtEveryWidth(page)

    await reason.selectOption({ label: 'A false or copied review' })
    const note = page.getByRole('textbox', { name: 'Note to the member' })
    await pressUntilFocused(page, 'Tab', note, 5)
    await page.keyboard.type(NOTE)
    await pressUntilFocused(page, 'Tab', submit, 20)
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: `Suspend ${member.displayName}?` })
    await confirm.waitFor()
    const accept = confirm.getByRole('button', { name: 'Suspend', exact: true })
    await pressUntilFocused(page, 'Tab', accept, 5)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Member suspended').first().waitFor()
    // The record is read again: the suspension in force, with the way to lift it.
    await textOnPage(page, /^Suspended since \d\d\/\d\d\/\d\d, until lifted\.$/).waitFor()
    await textOnPage(page, 'Reason: A false or copied review').waitFor()
    await page.getByRole('button', { name: 'Lift the suspension' }).waitFor()
    await screenshotFromTop(page, 'console-member-suspended')

    // The member list marks them.
    await gotoHydrated(page, `/en/ops/members?q=${encodeURIComponent(member.email)}`)
    await page.locator('tbody tr[data-row-id]').filter({ hasText: member.displayName }).getByText('Suspended', { exact: true }).waitFor()
  })

  it('the member sees why and until when, is told by e-mail, and cannot apply', async () => {
    await gotoHydrated(memberPage, CAMPAIGN)
    const banner = memberPage.getByRole('region', { name: 'Your account is suspended until our support team lifts it' })
    await banner.waitFor()
    await banner.getByText('A review you sent was false or copied.').waitFor()
    await banner.getByText(NOTE).waitFor()
    await banner.getByRole('link', { name: 'contact support' }).waitFor()
    await campaignBox().getByText('You cannot apply yet:').waitFor()
    await campaignBox().getByText('Your account is suspended until our support team lifts the suspension: you cannot apply meanwhile.').waitFor()
    expect(await memberPage.getByRole('link', { name: 'Apply', exact: true }).count()).toBe(0)
    expect(await memberPage.getByRole('button', { name: 'Apply for this test' }).count()).toBe(0)
    await expectNoAxeViolationsAtEveryWidth(memberPage)
    await screenshotFromTop(memberPage, 'member-suspended')

    await expect.poll(async () => (await emailsTo(member.email, 20)).map((m) => m.subject)).toContain('Your Testers Circle account is suspended')
    const mail = (await emailsTo(member.email, 20)).find((m) => m.subject === 'Your Testers Circle account is suspended')
    expect(mail?.body).toContain(NOTE)
    expect(mail?.body).toContain('reply to this e-mail or write to support@testerscircle.example')
  })

  it('support lifts the suspension, and the member may apply again', async () => {
    await gotoHydrated(page, recordPath)
    await page.getByRole('heading', { name: member.displayName, level: 1 }).waitFor()
    const lift = page.getByRole('button', { name: 'Lift the suspension' })
    await lift.focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: `Lift the suspension of ${member.displayName}?` })
    await confirm.waitFor()
    const accept = confirm.getByRole('button', { name: 'Lift the suspension', exact: true })
    await pressUntilFocused(page, 'Tab', accept, 5)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Suspension lifted').first().waitFor()
    await page.getByRole('button', { name: 'Suspend…' }).waitFor()

    await gotoHydrated(memberPage, CAMPAIGN)
    await textOnPage(memberPage, 'You meet the rules of this test.').waitFor()
    expect(await memberPage.getByTestId('suspension-banner').count()).toBe(0)
    await expect.poll(async () => (await emailsTo(member.email, 20)).map((m) => m.subject)).toContain('Your Testers Circle account is no longer suspended')
  })

  it('the audit log holds the suspension and its lifting', async () => {
    const audit = await freshPage()
    await signInThroughUi(audit, DEMO_STAFF, `/en/ops/audit?actor=${encodeURIComponent(support.email)}`)
    await audit.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await audit.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    const rows = audit.locator('tbody tr[data-row-id]')
    await expect.poll(() => rows.count()).toBe(2)
    const entries = await rows.evaluateAll((list) => list.map((row) => [...row.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)))
    // Newest first: the lifting, then the suspension with its reason and note.
    expect(entries.map((cells) => cells[2]!.replace(/\s+/g, ' '))).toEqual(['Suspension lifted member.lift-suspension', 'Member suspended member.suspend'])
    for (const cells of entries) expect(cells[1]).toContain(support.email)
    expect(entries[1]![4]).toContain('false-review')
    expect(entries[1]![4]).toContain(NOTE)
  })
})
