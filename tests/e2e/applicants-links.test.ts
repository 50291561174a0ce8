// Linked applicants in the console, against the real member API: a member of their own, then two
// members of one household (one street, got once from uniqueStreet), apply to a curated campaign that
// gives one place per household. The campaign manager sees the two flagged in the "Links" column
// (each linked to the other, who applied too), filters the table to linked applicants (kept in the
// address; each keeps their place among everyone waiting), chooses one by keyboard and selects:
// the member API refuses until the manager confirms, so a dialog says who is linked and what they
// share, and the manager confirms it by keyboard. One of the household gets the place. Support
// then marks the two "not the same person" on Max's member page, through its dialog by keyboard,
// and the record keeps the link with the note; the manager's table no longer flags Max. Axe on the
// table, the dialogs and the record.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser, newContext, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused, waitForFocus } from './support/keyboard'
import { asMember, idTokenOf } from './support/member-api'
import { createConfirmedMember, createMember, giveAuthenticator, signInThroughUi, uniqueStreet, type TestMember } from './support/members'
import { operatorCommand } from './support/suite'

/** A word only this run's members carry in their names. */
const TAG = `zl${Date.now().toString(36)}`
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

type Applicant = TestMember & { participationId: string; memberId: string }

let browser: Browser
let manager: TestMember
let support: TestMember
let slug: string
let title: string
let mia: Applicant
let max: Applicant
let ned: Applicant

/** A new member at `street` in Berlin, applied to the campaign through the member API. */
async function applied(name: string, street: string, campaignId: string): Promise<Applicant> {
  const member = await createMember(name)
  const token = await idTokenOf(member)
  await asMember(token, 'PUT', 'logistics/v1/members/address', { name, line1: street, postalCode: '10119', city: 'Berlin', country: 'DE' })
  const participation = await asMember(token, 'POST', 'logistics/v1/campaigns/process_signup', { campaignId, answers: [] })
  // Curated: applicants wait for the manager's choice, whoever else of their household applied.
  expect(participation.status).toBe('applied')
  const { id } = await asMember(token, 'GET', 'api/member')
  return { ...member, participationId: participation.id as string, memberId: id as string }
}

/** The row of the applicants table of this member (by its name cell: the links cell names the other of the household). */
const rowOf = (page: Page, name: string) => page.locator('tbody tr[data-row-id]').filter({ has: page.locator('td:nth-child(3)', { hasText: name }) })
/** The row's "Links" cell (the table's last column). */
const linksOf = async (page: Page, name: string) => {
  await rowOf(page, name).waitFor()
  return (await rowOf(page, name).locator('td').last().innerText()).trim()
}

beforeAll(async () => {
  browser = await launchBrowser()
  manager = await createConfirmedMember('Lina Links')
  expect(await operatorCommand({ command: 'staff-grant', email: manager.email, role: 'campaign-manager' })).toMatchObject({ changed: true })
  await giveAuthenticator(manager)
  support = await createConfirmedMember('Sol Support')
  expect(await operatorCommand({ command: 'staff-grant', email: support.email, role: 'support' })).toMatchObject({ changed: true })
  await giveAuthenticator(support)

  const [product] = (await operatorCommand({ command: 'list', what: 'products' })) as unknown as Array<{ productId: string }>
  const now = Date.now()
  slug = `linked-${TAG}`
  title = `Linked applicants test ${TAG}`
  const campaign = (await operatorCommand({
    command: 'campaign-create',
    definition: {
      campaign: {
        title,
        slug,
        summary: 'A test whose testers the manager chooses.',
        description: 'Try it and say what you think.',
        kind: 'free-product',
        selectionMode: 'curated',
        productId: product!.productId,
        eligibility: {
          countries: ['DE'],
          minAge: null,
          phoneVerifiedRequired: false,
          socialProfileRequired: false,
          interests: [],
          pets: [],
          children: null,
          minTier: null,
          onePerHousehold: true,
        },
        screener: [],
        tasks: { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
      },
      flights: [
        {
          name: 'Wave 1',
          signupOpensAt: new Date(now - HOUR).toISOString(),
          signupClosesAt: new Date(now + 7 * DAY).toISOString(),
          testingStartsAt: new Date(now + 8 * DAY).toISOString(),
          reviewDueAt: new Date(now + 30 * DAY).toISOString(),
          quota: 5,
        },
      ],
      publish: true,
    },
  })) as { id: string }
  // Mia and Max share one flat: the address links their accounts. Ned lives on a street of his own
  // and applies first, so the two linked ones wait second and third.
  const household = uniqueStreet()
  ned = await applied(`Ned ${TAG}`, uniqueStreet(), campaign.id)
  mia = await applied(`Mia ${TAG}`, household, campaign.id)
  max = await applied(`Max ${TAG}`, household, campaign.id)
})

afterAll(async () => {
  await browser?.close()
})

describe('linked applicants', () => {
  let page: Page

  it('are flagged in the table, each with the other who applied too, and kept alone by the filter', async () => {
    page = await (await newContext(browser)).newPage()
    await signInThroughUi(page, manager, `/en/ops/applicants?campaign=${slug}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: `${title}, Wave 1`, level: 2 }).waitFor()

    expect(await linksOf(page, mia.displayName)).toBe(`1 linked account\n${max.displayName} (address)\nApplied to this campaign too`)
    expect(await linksOf(page, max.displayName)).toBe(`1 linked account\n${mia.displayName} (address)\nApplied to this campaign too`)
    expect(await linksOf(page, ned.displayName)).toBe('—')
    // A campaign manager reads no member records: the linked account is named, not linked.
    expect(await rowOf(page, mia.displayName).getByRole('link').count()).toBe(0)
    await expectNoAxeViolations(page)

    // The filter, by keyboard: only the two linked applicants are left, and the address keeps it.
    const filter = page.getByRole('checkbox', { name: 'Only applicants linked to other accounts' })
    await pressUntilFocused(page, 'Tab', filter, 80)
    await expectFocusVisible(page, filter)
    await page.keyboard.press('Space')
    await page.waitForURL((url) => url.searchParams.get('linked') === 'yes')
    await rowOf(page, ned.displayName).waitFor({ state: 'detached' })
    await rowOf(page, mia.displayName).waitFor()
    await rowOf(page, max.displayName).waitFor()
    expect(await page.locator('tbody tr[data-row-id]').count()).toBe(2)
    expect(await filter.isChecked()).toBe(true)
    // Each keeps their place among everyone waiting, Ned first, not their position among the two shown.
    await page.getByRole('checkbox', { name: `Choose ${mia.displayName}, place 2` }).waitFor()
    await page.getByRole('checkbox', { name: `Choose ${max.displayName}, place 3` }).waitFor()
  })

  it('are selected only once the manager confirms, in a dialog that says who is linked and what they share', async () => {
    const choose = page.getByRole('checkbox', { name: new RegExp(`^Choose ${mia.displayName}, place \\d+$`) })
    await pressUntilFocused(page, 'Tab', choose, 80)
    await expectFocusVisible(page, choose)
    await page.keyboard.press('Space')
    expect(await choose.isChecked()).toBe(true)
    const select = page.getByRole('button', { name: 'Select 1 chosen' })
    await pressUntilFocused(page, 'Shift+Tab', select, 80)
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Select linked applicants?' })
    await dialog.waitFor()
    await dialog.getByText(mia.displayName, { exact: true }).waitFor()
    const said = await dialog.innerText()
    expect(said).toContain(`${mia.displayName}\nShares: address\nProbably the same person or household as ${max.displayName}, who applied too`)
    // Focus is in the dialog; nothing was selected yet.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
    expect(await textOnPage(page, '1 tester selected').count()).toBe(0)
    await expectNoAxeViolations(page)

    const confirm = dialog.getByRole('button', { name: 'Select them anyway' })
    await pressUntilFocused(page, 'Tab', confirm, 10)
    await expectFocusVisible(page, confirm)
    await page.keyboard.press('Enter')
    await textOnPage(page, '1 tester selected').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    // Mia has the place; focus is back on the button that opened the dialog (none chosen now).
    await waitForFocus(page.getByRole('button', { name: /^Select \d+ chosen$/ }))
    await rowOf(page, mia.displayName).waitFor({ state: 'detached' })
    await rowOf(page, max.displayName).waitFor()
  })

  it('give one of the household the place: the other is refused it as of the household', async () => {
    const choose = page.getByRole('checkbox', { name: new RegExp(`^Choose ${max.displayName}, place \\d+$`) })
    await choose.check()
    await page.getByRole('button', { name: 'Select 1 chosen' }).click()
    await rowOf(page, max.displayName).getByText('One tester per household: someone at this address has a place or was chosen with them').waitFor()
    expect(await page.getByRole('dialog', { name: 'Select linked applicants?' }).count()).toBe(0)
  })

  it('stop counting once support marks the two "not the same person", and the record keeps the link with the note', async () => {
    const supportPage = await (await newContext(browser)).newPage()
    await signInThroughUi(supportPage, support, `/en/ops/members/${max.memberId}`)
    await supportPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await supportPage.getByRole('heading', { name: max.displayName, level: 1 }).waitFor()
    const row = supportPage.locator('section[aria-labelledby="links-heading"] tbody tr').filter({ hasText: mia.displayName })
    expect((await row.locator('td').allInnerTexts()).slice(0, 2)).toEqual([mia.displayName, 'Same postal address'])

    // By keyboard: the row's button opens the dialog; an empty note is refused beside the field.
    const open = row.getByRole('button', { name: `Not the same person… as ${mia.displayName}` })
    await pressUntilFocused(supportPage, 'Tab', open, 120)
    await expectFocusVisible(supportPage, open)
    await supportPage.keyboard.press('Enter')
    const dialog = supportPage.getByRole('dialog', { name: `${max.displayName} and ${mia.displayName}: not the same person?` })
    await dialog.waitFor()
    const note = dialog.getByLabel('Why they are two people')
    await waitForFocus(note)
    await expectNoAxeViolations(supportPage)
    await pressUntilFocused(supportPage, 'Tab', dialog.getByRole('button', { name: 'Mark as two people' }), 5)
    await supportPage.keyboard.press('Enter')
    await dialog.getByText('Say why they are two people, in 1 to 500 characters.').waitFor()
    await note.focus()
    await supportPage.keyboard.type('Flatmates: support spoke to both on the phone')
    await pressUntilFocused(supportPage, 'Tab', dialog.getByRole('button', { name: 'Mark as two people' }), 5)
    await supportPage.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await textOnPage(supportPage, 'Marked as two people').first().waitFor()
    // The link stays on the record, marked, with the note, who and when, and a way to withdraw it.
    await row.getByText('Not the same person', { exact: true }).waitFor()
    const ruling = (await row.locator('td').last().innerText()).split('\n')
    expect(ruling.slice(0, 2)).toEqual(['Not the same person', 'Flatmates: support spoke to both on the phone'])
    expect(ruling[2]).toMatch(new RegExp(`^By ${support.email.replace(/[.+]/g, '\\$&')} on \\d\\d/\\d\\d/\\d\\d$`))
    await row.getByRole('button', { name: `Withdraw the ruling on ${mia.displayName}` }).waitFor()
    await expectNoAxeViolations(supportPage)

    // The manager's table: Max has no link that counts, and the linked-only view no longer lists him.
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await rowOf(page, max.displayName).waitFor({ state: 'detached' })
    await page.getByRole('checkbox', { name: 'Only applicants linked to other accounts' }).click()
    await page.waitForURL((url) => !url.searchParams.has('linked'))
    expect(await linksOf(page, max.displayName)).toBe('—')
  })
})
