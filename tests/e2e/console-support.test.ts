// The console's Members pages, in the browser against the real member API: a support person
// (given the role from the command line) finds a member by e-mail, after being told a one-letter
// search is too short; opens the member's record from the results; grants 25 goodwill points by
// keyboard (a missing reason is said beside its field and the points typed stay); the record
// shows the new entry, and the member, signed in in another browser, reads it in their points
// history. The member's application is withdrawn on their request (what they asked, then a
// confirmation), and the verification e-mail is sent again from the record. A member without a role is
// refused the console. Axe on the search and the record.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BOT_TOKEN_HEADER, LOCAL_BOT_TOKEN } from '../../contract/bot-protection'
import { expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused } from './support/keyboard'
import { uniqueStreet, createConfirmedMember, createMember, giveAuthenticator, signInThroughUi, type TestMember } from './support/members'
import { callSuite, emailsTo, operatorCommand, type Json } from './support/suite'

/** Words only this run's goodwill entry carries. */
const REASON = `Parcel arrived two weeks late (${Date.now().toString(36)})`

let browser: Browser
let member: TestMember
let support: TestMember
let memberPage: Page
let page: Page
let recordPath = ''
let campaignTitle = ''

/** A member-API call as the member (their ID token from the Auth emulator), as the portal would make it. */
async function asMember(method: 'PUT' | 'POST', path: string, body: unknown): Promise<Json> {
  const signIn = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password, returnSecureToken: true }),
  })
  const { idToken } = (await signIn.json()) as { idToken?: string }
  if (!idToken) throw new Error(`The Auth emulator did not sign in ${member.email}`)
  const response = await fetch(`${inject('suiteUrl')}/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}`, [BOT_TOKEN_HEADER]: LOCAL_BOT_TOKEN },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { data?: Json; message?: string }
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json.message ?? ''}`)
  return json.data ?? {}
}

/** A page in a browser context of its own: nobody signed in yet. */
async function freshPage(): Promise<Page> {
  return (await newContext(browser)).newPage()
}

/** The rows of the console table on the page (the empty table's single row has no id). */
const resultRows = () => page.locator('tbody tr[data-row-id]')
/** The record's points history as the cells' text: date, what for, points. */
const pointsEntries = () =>
  page
    .getByRole('table', { name: 'Points history, newest first' })
    .locator('tbody tr[data-row-id]')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)))

beforeAll(async () => {
  browser = await launchBrowser()
  member = await createMember('Gwen Goodwill')
  support = await createConfirmedMember('Sue Support')
  expect(await operatorCommand({ command: 'staff-grant', email: support.email, role: 'support' })).toMatchObject({ changed: true })
  await giveAuthenticator(support)
  // The member's first visit makes their record in the member API: from then on support finds them.
  memberPage = await freshPage()
  await signInThroughUi(memberPage, member, '/en/member/missions')
  await memberPage.getByRole('heading', { name: 'Points history', level: 2 }).waitFor()
  // The member has applied for the cold brew test: a participation support can withdraw on their request.
  await asMember('PUT', 'logistics/v1/members/address', { name: 'Gwen Goodwill', line1: uniqueStreet(), postalCode: '10119', city: 'Berlin', country: 'DE' })
  const campaign = await callSuite('GET', 'suite/api/public/campaigns/kettle-kiln-cold-brew')
  await asMember('POST', 'logistics/v1/campaigns/process_signup', {
    campaignId: campaign.id,
    answers: [
      { questionId: 'coffee-style', answer: 'Black' },
      { questionId: 'cups', answer: '2–3' },
    ],
  })
  campaignTitle = campaign.title as string
})

afterAll(async () => {
  await browser?.close()
})

describe('who may open the Members pages', () => {
  it('tells a member without a role there is no access to the console', async () => {
    await gotoHydrated(memberPage, '/en/ops/members')
    await memberPage.getByRole('heading', { name: 'No access to the console', level: 1 }).waitFor()
    expect(await memberPage.getByLabel('E-mail, name or referral code').count()).toBe(0)
  })
})

describe('support finding a member and granting goodwill points', () => {
  it('says beside the field that a search needs 2 characters, then finds the member by e-mail', async () => {
    page = await freshPage()
    await signInThroughUi(page, support, '/en/ops/members')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor()
    // The console offers support their page.
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).toEqual(['Members'])

    // From the keyboard: one letter and Enter is refused beside the field, and nothing is searched.
    const field = page.getByLabel('E-mail, name or referral code')
    await pressUntilFocused(page, 'Tab', field, 40)
    await expectFocusVisible(page, field)
    await page.keyboard.type('m')
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Type at least 2 characters: an e-mail address, a name or a referral code.').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(new URL(page.url()).searchParams.has('q')).toBe(false)

    // The whole address: searched, and in the page's address.
    await page.keyboard.press('Backspace')
    await page.keyboard.type(member.email)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('q') === member.email)
    await page.getByRole('heading', { name: `1 member found for “${member.email}”`, level: 2 }).waitFor()
    await expect.poll(() => resultRows().count()).toBe(1)
    const cells = await resultRows()
      .first()
      .evaluate((row) => [...row.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText))
    expect(cells[0]).toBe(member.displayName)
    expect(cells[1]).toBe('Gwen Goodwill')
    expect(cells[2]).toBe(member.email)
    expect(cells[3]).toMatch(/^[A-Z0-9]+$/)
    expect(cells[4]).toMatch(/^\d\d\/\d\d\/\d\d$/)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-members-search')

    // A reload keeps the search.
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect.poll(() => resultRows().count()).toBe(1)
    expect(await page.getByLabel('E-mail, name or referral code').inputValue()).toBe(member.email)
  })

  it("opens the member's record from the results, by keyboard", async () => {
    const link = resultRows().first().getByRole('link', { name: member.displayName })
    await pressUntilFocused(page, 'Tab', link, 20)
    await expectFocusVisible(page, link)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => /^\/en\/ops\/members\/[0-9a-f-]{36}$/.test(url.pathname))
    recordPath = new URL(page.url()).pathname
    await page.getByRole('heading', { name: member.displayName, level: 1 }).waitFor()
    const account = page.getByRole('region', { name: 'Account' })
    await account.getByText(member.email, { exact: true }).waitFor()
    await account.getByText('Not verified', { exact: true }).waitFor()
    await account.getByText(/^(Newcomer|Tester|Trusted tester|Top tester), score -?\d+$/).waitFor()
    // A new member: no points yet.
    await page.getByText('Balance: 0 points.').waitFor()
    // Support acts for the member: the actions are offered.
    await page.getByRole('heading', { name: 'Support actions', level: 2 }).waitFor()
    expect(await page.getByRole('link', { name: `Back to the members found for “${member.email}”` }).count()).toBe(1)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-member-record')
  })

  it('grants 25 points with a reason by keyboard; a missing reason is said beside its field and the points stay', async () => {
    const points = page.getByRole('spinbutton', { name: 'Points' })
    const reason = page.getByRole('textbox', { name: 'Reason' })
    await pressUntilFocused(page, 'Tab', points, 40)
    await expectFocusVisible(page, points)
    await page.keyboard.type('25')
    // Sent without a reason: refused beside it, the focus on it, the points as typed.
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Say why, in 3 to 200 characters: the member reads it in their points history.').waitFor()
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await reason.getAttribute('aria-invalid')).toBe('true')
    expect(await points.inputValue()).toBe('25')
    await expectNoAxeViolationsAtEveryWidth(page)

    await page.keyboard.type(REASON)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Points granted').first().waitFor()
    await textOnPage(page, `25 points for ${member.displayName}: their balance is 25 points.`).first().waitFor()
    // The record is read again: the new entry and balance; the form is empty for the next grant.
    await page.getByText('Balance: 25 points.').waitFor()
    await expect.poll(async () => (await pointsEntries())[0]).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d\d$/), REASON, '+25'])
    expect(await points.inputValue()).toBe('')
    expect(await reason.inputValue()).toBe('')
  })

  it('withdraws the member from a test on their request: what they asked is required, then confirmed', async () => {
    const participations = page.getByRole('table', { name: 'Participations, newest first' })
    const row = participations.getByRole('row').filter({ hasText: campaignTitle })
    // Applied, or already given a place or put on the waitlist: withdrawable either way.
    const open = row.getByRole('button', { name: /^Withdraw on the member's request from / })
    await open.waitFor()
    await screenshotFromTop(page, 'console-member-participation')
    await pressUntilFocused(page, 'Tab', open, 60)
    await expectFocusVisible(page, open)
    await page.keyboard.press('Enter')
    // The form opens with the focus in its field; sent empty, it is refused beside the field.
    const note = page.getByRole('textbox', { name: 'What the member asked' })
    await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await open.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Write what the member asked, in 3 to 200 characters: it goes into the audit log.').waitFor()
    expect(await note.getAttribute('aria-invalid')).toBe('true')
    await expectNoAxeViolationsAtEveryWidth(page)

    await page.keyboard.type('Asked by e-mail: moving abroad')
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: `Withdraw ${member.displayName} from this test?` })
    await confirm.waitFor()
    const accept = confirm.getByRole('button', { name: 'Withdraw', exact: true })
    await pressUntilFocused(page, 'Tab', accept, 5)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Withdrawn', { exact: true }).first().waitFor()
    // The record is read again: withdrawn, nothing more to withdraw, the focus on the list's heading.
    await row.getByRole('cell', { name: 'Withdrawn', exact: true }).waitFor()
    expect(await row.getByRole('button').count()).toBe(0)
    expect(await note.count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('participations-heading')
  })

  it('sends the verification e-mail again from the record', async () => {
    const resend = page.getByRole('button', { name: 'Resend the verification e-mail' })
    await resend.focus()
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Verification e-mail sent').first().waitFor()
    await expect.poll(async () => (await emailsTo(member.email)).map((message) => message.subject)).toContain('Confirm your e-mail address')
    // The record lists the message among those sent to the member.
    await page
      .getByRole('table', { name: 'Messages sent to the member, newest first' })
      .getByRole('cell', { name: 'Confirm your e-mail address' })
      .first()
      .waitFor()
    expect(new URL(page.url()).pathname).toBe(recordPath)
  })

  it('shows the member the goodwill entry in their points history', async () => {
    await gotoHydrated(memberPage, '/en/member/missions')
    const history = memberPage.getByRole('region', { name: 'Points history' })
    const row = history.getByRole('row').filter({ hasText: REASON })
    await row.waitFor()
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d\d$/), REASON, '+25'])
  })
})
