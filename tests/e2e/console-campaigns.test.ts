// Campaigns made in the console (issue 29), in the browser against the real member API. A campaign
// manager (given the role from the command line) makes a product with two images, then a draft: the
// slug follows the title, two screener questions (one option disqualifying), a minimum tier, curated
// selection; a bad address is said beside its field with everything typed kept. The preview first
// says it needs a flight; publishing is refused naming the missing flight in words; a flight is added
// with its dates entered by keyboard only in the date picker (typed, and one chosen on the calendar);
// the preview then shows the public page with its sign-up switched off, and the campaign is
// published: what applicants were promised is shown fixed. A save made on a version someone else
// changed meanwhile says who and when and reloads on request. Then a newcomer is refused by the tier
// rule; the rule is lowered on the published campaign, the member finds it on the public list,
// applies in the browser and waits for the team's choice, is selected on the Applicants page and sees
// it. Axe on every page.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused, waitForFocus } from './support/keyboard'
import { asMember, idTokenOf, secondFactorPassOf } from './support/member-api'
import { uniqueStreet, createConfirmedMember, createMember, giveAuthenticator, signInThroughUi, type TestMember } from './support/members'
import { callSuite, operatorCommand, type Json } from './support/suite'

/** A word only this run's campaign carries. */
const TAG = `zc${Date.now().toString(36)}`
const TITLE = `Trail test ${TAG}: a 20 litre daypack`
const SLUG = `trail-test-${TAG}-a-20-litre-daypack`
const PRODUCT_NAME = `Trailmate ${TAG} daypack`
/** The product as the campaign form offers it. */
const PRODUCT = `Northwild: ${PRODUCT_NAME}`
/** The zone the manager's browser runs in: the date picker reads and shows times in it. */
const ZONE = 'Europe/Berlin'
const DAY = 86_400_000

let browser: Browser
let manager: TestMember
let colleague: TestMember
let page: Page
let campaignId = ''
/** The participation the team selects, shipped later while its results page is open. */
let selectedParticipation = ''

/** A day as the date picker takes it (mm/dd/yy), in the manager's zone. */
const dayText = (epochMs: number) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: '2-digit', month: '2-digit', day: '2-digit' }).format(epochMs)

/** A picture with some detail in it, as a PNG. */
function picture(width: number, height: number, tint: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 5) % 256, (y * 3) % 256, tint], (y * width + x) * 3)
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The date and time fields of one of the flight's dates, by the date's name. */
const dateField = (name: string) => page.getByRole('textbox', { name: `${name} Date (mm/dd/yy)` })
const timeField = (name: string) => page.getByRole('textbox', { name: `${name} Time (HH:mm, 24-hour)` })

/** Types a date and a time into the picker with keys alone: Tab to the date, type it, Tab past the calendar button to the time. */
async function typeDate(name: string, epochMs: number, time: string) {
  await pressUntilFocused(page, 'Tab', dateField(name), 10)
  await expectFocusVisible(page, dateField(name))
  await page.keyboard.type(dayText(epochMs))
  await pressUntilFocused(page, 'Tab', timeField(name), 3)
  await page.keyboard.type(time)
}

beforeAll(async () => {
  browser = await launchBrowser()
  manager = await createConfirmedMember('Cara Campaigns')
  colleague = await createConfirmedMember('Col League')
  for (const staff of [manager, colleague]) {
    expect(await operatorCommand({ command: 'staff-grant', email: staff.email, role: 'campaign-manager' })).toMatchObject({ changed: true })
    await giveAuthenticator(staff)
  }
  page = await (await newContext(browser, { timezoneId: ZONE })).newPage()
})

afterAll(async () => {
  await browser?.close()
})

describe('a campaign made in the console', () => {
  it('starts from a product made in the console, with two images and their alt texts', async () => {
    await signInThroughUi(page, manager, '/en/ops/products')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor()
    const form = page.getByRole('form', { name: 'New product' })
    await form.getByLabel('Brand').fill('Northwild')
    await form.getByLabel('Product name').fill(PRODUCT_NAME)
    await form.getByLabel('Description').fill('A 20 litre daypack with a ventilated back panel and a hip belt you can tuck away.')
    await form.getByLabel('Category').selectOption({ label: 'Outdoors' })
    await form.getByLabel('Shop price').fill('79.90')
    await form.getByRole('button', { name: 'Create the product' }).click()
    await textOnPage(page, 'Product created').first().waitFor()

    await page
      .getByRole('row')
      .filter({ hasText: PRODUCT_NAME })
      .getByRole('button', { name: `Edit ${PRODUCT_NAME}` })
      .click()
    const images = page.getByTestId('product-images-editor')
    await images.getByTestId('product-image-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await picture(800, 600, 40) },
      { name: 'back.png', mimeType: 'image/png', buffer: await picture(800, 600, 200) },
    ])
    await images.getByLabel('Alt text for “front.png”').fill('The daypack from the front, its hip belt tucked away')
    await images.getByLabel('Alt text for “back.png”').fill('The ventilated back panel of the daypack')
    await images.getByRole('button', { name: 'Upload 2 images' }).click()
    await images.getByTestId('product-image').nth(1).waitFor()
    expect(
      await images
        .getByTestId('product-image')
        .locator('img')
        .evaluateAll((list) => list.map((img) => img.getAttribute('alt'))),
    ).toEqual(['The daypack from the front, its hip belt tucked away', 'The ventilated back panel of the daypack'])
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('creates a draft with two screener questions, a minimum tier and curated selection; a bad address is said beside its field', async () => {
    await gotoHydrated(page, '/en/ops/campaigns')
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'New campaign' }).click()
    await page.waitForURL('**/en/ops/campaigns/new')
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)

    const form = page.getByRole('form', { name: 'New campaign' })
    // The slug follows the title until it is edited.
    await form.getByLabel('Title').fill(TITLE)
    expect(await form.getByLabel('Address (slug)').inputValue()).toBe(SLUG)
    await form.getByLabel('Summary').fill('Two weeks on the trail with a light daypack.')
    await form.getByLabel('Description').fill('Take it on your walks for two weeks.\n\n- A 20 litre pack\n- A rain cover')
    await form.getByRole('radio', { name: 'Curated: the team chooses the testers' }).check()
    await form.getByLabel('Product', { exact: true }).selectOption({ label: PRODUCT })
    await form.getByRole('checkbox', { name: 'Germany' }).check()
    await form.getByRole('checkbox', { name: 'Austria' }).check()
    await form.getByLabel('Minimum tier').selectOption({ label: 'Trusted tester' })

    // Two questions: one choice with an option that disqualifies, then a short text one.
    await form.getByRole('button', { name: 'Add a question' }).click()
    const first = form.getByRole('group', { name: 'Question 1' })
    await waitForFocus(first.getByLabel('Question', { exact: true }))
    await page.keyboard.type('How often do you go hiking?')
    await first.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Every week')
    await first.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Now and then')
    await first.getByRole('button', { name: 'Add an option' }).click()
    await waitForFocus(first.getByRole('textbox', { name: 'Option 3', exact: true }))
    await page.keyboard.type('Never')
    await first.getByRole('checkbox', { name: 'Disqualifies (option 3)' }).check()
    await form.getByRole('button', { name: 'Add a question' }).click()
    const second = form.getByRole('group', { name: 'Question 2' })
    await second.getByLabel('Question', { exact: true }).fill('What do you carry on a day hike?')
    await second.getByLabel('Answered with').selectOption({ label: 'Short text' })
    await second.getByLabel('An answer is required').uncheck()
    // Put in order: the text question first, then back.
    await second.getByRole('button', { name: 'Move up question 2' }).click()
    expect(await form.getByRole('group', { name: 'Question 1' }).getByLabel('Question', { exact: true }).inputValue()).toBe('What do you carry on a day hike?')
    await waitForFocus(form.getByRole('button', { name: 'Move down question 1' }))
    await page.keyboard.press('Enter')
    expect(await form.getByRole('group', { name: 'Question 1' }).getByLabel('Question', { exact: true }).inputValue()).toBe('How often do you go hiking?')
    await expectNoAxeViolationsAtEveryWidth(page)

    // A bad address: said beside the field, the focus on it, everything typed kept.
    const slug = form.getByLabel('Address (slug)')
    await slug.fill('Trail Test!')
    await form.getByRole('button', { name: 'Create the draft' }).click()
    await form.getByText('Enter an address of 3 to 80 lower-case letters, digits and single hyphens that no other campaign uses.').waitFor()
    await waitForFocus(slug)
    expect(await slug.getAttribute('aria-invalid')).toBe('true')
    expect(await form.getByLabel('Title').inputValue()).toBe(TITLE)
    expect(await first.getByRole('textbox', { name: 'Option 3', exact: true }).inputValue()).toBe('Never')
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-campaign-new-refused')

    await slug.fill(SLUG)
    await form.getByRole('button', { name: 'Create the draft' }).click()
    // The toast (3 s) shows before the draft's page has loaded: both are watched for from the click on.
    await Promise.all([
      page.waitForURL((url) => /^\/en\/ops\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname)),
      textOnPage(page, 'Draft created').first().waitFor(),
    ])
    campaignId = new URL(page.url()).pathname.split('/').at(-1)!
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
    await textOnPage(page, 'Draft (staff only)').waitFor()

    // What was saved: the questions in their order, the rules, the selection mode.
    const editor = page.getByRole('form', { name: `Edit ${TITLE}` })
    expect(await editor.getByRole('group', { name: 'Question 2' }).getByLabel('Answered with').inputValue()).toBe('text')
    expect(await editor.getByRole('checkbox', { name: 'Disqualifies (option 3)' }).isChecked()).toBe(true)
    expect(await editor.getByLabel('Minimum tier').inputValue()).toBe('trusted')
    expect(await editor.getByRole('radio', { name: 'Curated: the team chooses the testers' }).isChecked()).toBe(true)
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('previews it: the page waits for a first flight', async () => {
    await page.getByRole('link', { name: 'Preview as a member' }).click()
    await page.waitForURL(`**/en/ops/campaigns/${campaignId}/preview`)
    await textOnPage(page, 'Preview: members do not see this draft yet.').waitFor()
    await textOnPage(page, /this campaign has none yet\. Add a flight in the editor, then preview it\.$/).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
  })

  it('is refused publishing while it has no flight, the missing part said in words', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByRole('dialog', { name: 'Publish this campaign?' }).getByRole('button', { name: 'Publish' }).click()
    const refusal = page.getByRole('dialog', { name: 'Something went wrong' })
    await refusal.waitFor()
    await page.keyboard.press('Escape')
    await refusal.waitFor({ state: 'detached' })
    await textOnPage(page, 'The campaign cannot be published yet. It still needs:').waitFor()
    await textOnPage(page, 'a flight, with its dates and places (under Flights below)').waitFor()
    expect(await textOnPage(page, 'an image of the product (added on the Products page)').count()).toBe(0)
    await textOnPage(page, 'Draft (staff only)').waitFor()
  })

  it('adds a flight with its dates entered by keyboard only in the date picker', async () => {
    const now = Date.now()
    const add = page.getByRole('button', { name: 'Add a flight' })
    await add.focus()
    await page.keyboard.press('Enter')
    const flightForm = page.getByRole('form', { name: 'New flight' })
    const name = flightForm.getByLabel('Name')
    await waitForFocus(name)
    expect(await name.inputValue()).toBe('Flight 1')

    // Sign-up opened yesterday (a draft's dates may lie in the past) and closes in a week; testing starts in ten days.
    await typeDate('Sign-up opens', now - DAY, '09:00')
    await typeDate('Sign-up closes', now + 7 * DAY, '20:00')
    await typeDate('Testing starts', now + 10 * DAY, '09:00')
    await textOnPage(page, /^Times in Europe\/Berlin \(UTC\+0[12]:00\)$/)
      .first()
      .waitFor()

    // The review date on the calendar: its button, Enter, Page Down to the same day next month, Enter.
    const calendarButton = page.getByRole('button', { name: 'Choose date for Review due' })
    await pressUntilFocused(page, 'Tab', calendarButton, 5)
    await expectFocusVisible(page, calendarButton)
    await page.keyboard.press('Enter')
    const calendar = page.getByRole('dialog', { name: 'Choose date for Review due' })
    await calendar.waitFor()
    const today = calendar.locator('button[aria-current="date"]')
    await waitForFocus(today)
    await page.keyboard.press('PageDown')
    const chosen = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
    await page.keyboard.press('Enter')
    await calendar.waitFor({ state: 'detached' })
    // The focus is back on the calendar button, which now names the day chosen.
    await waitForFocus(page.getByRole('button', { name: `Change date for Review due, ${chosen}` }))
    expect(await timeField('Review due').inputValue()).toBe('09:00')
    expect(await dateField('Sign-up opens').inputValue()).toBe(dayText(now - DAY))

    const places = flightForm.getByLabel('Places')
    await pressUntilFocused(page, 'Tab', places, 5)
    await page.keyboard.type('2')
    await expectNoAxeViolationsAtEveryWidth(page)
    const save = flightForm.getByRole('button', { name: 'Add the flight' })
    await pressUntilFocused(page, 'Tab', save, 5)
    await expectFocusVisible(page, save)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Flight added').first().waitFor()
    // The refusal's missing flight is there now.
    await textOnPage(page, 'The campaign cannot be published yet. It still needs:').waitFor({ state: 'detached' })

    const card = page.getByRole('article', { name: /^Flight 1/ })
    await card.getByText('0 of 2 taken').waitFor()
    await waitForFocus(card.getByRole('button', { name: 'Edit Flight 1' }))
    // Nobody signed up, so it may go.
    expect(await card.getByRole('button', { name: 'Delete Flight 1' }).getAttribute('aria-disabled')).toBeNull()
    const stored = await callSuite('GET', `suite/api/public/campaigns/${SLUG}`).catch((error: Error) => error)
    // A draft is not public.
    expect(String(stored)).toMatch(/→ 404/)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-campaign-editor')
  })

  it('previews the page as members will see it, its sign-up switched off', async () => {
    await gotoHydrated(page, `/en/ops/campaigns/${campaignId}/preview`)
    await textOnPage(page, 'Preview: members do not see this draft yet.').waitFor()
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Who can apply', level: 2 }).waitFor()
    await textOnPage(page, "The team chooses the testers among the applicants; you'll hear either way by the time sign-up closes.").waitFor()
    const apply = page.getByRole('button', { name: 'Sign in to apply' })
    expect(await apply.isDisabled()).toBe(true)
    await textOnPage(page, 'Applying is switched off in the preview.').waitFor()
    // Nothing on the page leads to signing in or applying.
    expect(await page.locator('a[href*="/user/login"], a[href="#apply"]').count()).toBe(0)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-campaign-preview')
  })

  it('publishes it; what applicants were promised is then shown fixed', async () => {
    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByRole('dialog', { name: 'Publish this campaign?' }).getByRole('button', { name: 'Publish' }).click()
    await textOnPage(page, 'Campaign published').first().waitFor()
    await textOnPage(page, 'Published', { exact: true }).waitFor()
    await textOnPage(page, 'Fixed once published: links to the campaign use it.').waitFor()
    await textOnPage(page, 'Fixed once published: applicants were told how places are given.').waitFor()
    expect(await page.getByLabel('Address (slug)').count()).toBe(0)
    const published = await callSuite('GET', `suite/api/public/campaigns/${SLUG}`)
    expect(published).toMatchObject({ id: campaignId, selectionMode: 'curated', phase: 'open' })
    expect(published.eligibility).toMatchObject({ countries: ['DE', 'AT'], minTier: 'trusted' })
    expect((published.screener as Json[]).map((q) => q.prompt)).toEqual(['How often do you go hiking?', 'What do you carry on a day hike?'])
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('says who saved in between when an edit was made on an older version, keeps what was typed, and reloads on request', async () => {
    // A colleague changes the summary through the member API meanwhile.
    const token = await idTokenOf(colleague)
    const pass = await secondFactorPassOf(token, colleague)
    const current = await asMember(token, 'GET', `ops/v1/campaigns/${campaignId}`, undefined, pass)
    const {
      id: _id,
      status: _status,
      productName: _p,
      brand: _b,
      screenerVersion: _v,
      hasApplicants: _h,
      flights: _f,
      updatedAt,
      updatedBy: _u,
      ...input
    } = current
    await asMember(
      token,
      'PUT',
      `ops/v1/campaigns/${campaignId}`,
      { campaign: { ...input, summary: 'Two weeks on the trail, rain or shine.' }, editedVersion: updatedAt },
      pass,
    )

    const summary = page.getByLabel('Summary')
    await summary.fill('Two weeks with a light daypack on every walk.')
    await page.getByRole('button', { name: 'Save the campaign' }).click()
    // Said in the editor, in the portal's words: no dialog on top of it.
    await textOnPage(page, /^Col League saved this campaign at .+, after you opened it: your last change was not saved\./).waitFor()
    expect(await page.getByRole('dialog', { name: 'Something went wrong' }).count()).toBe(0)
    expect(await summary.inputValue()).toBe('Two weeks with a light daypack on every walk.')
    await expectNoAxeViolationsAtEveryWidth(page)

    await page.getByRole('button', { name: 'Reload the campaign' }).click()
    await waitForFocus(page.getByRole('heading', { name: TITLE, level: 1 }))
    expect(await page.getByLabel('Summary').inputValue()).toBe('Two weeks on the trail, rain or shine.')
    expect(await textOnPage(page, 'Reload the campaign').count()).toBe(0)
  })

  it('refuses a newcomer by the tier rule; once the rule is lowered, the member applies and the team selects them', async () => {
    const member = await createMember(`Nora ${TAG}`)
    const token = await idTokenOf(member)
    await asMember(token, 'PUT', 'logistics/v1/members/address', {
      name: member.displayName,
      line1: uniqueStreet(),
      postalCode: '10119',
      city: 'Berlin',
      country: 'DE',
    })
    const before = await asMember(token, 'GET', `logistics/v1/campaigns/eligibility?campaignId=${campaignId}`)
    expect(((before.items as Json[])[0]!.reasons as Json[]).map((reason) => reason.code)).toEqual(['tier'])

    // Rules may change once published.
    await page.getByLabel('Minimum tier').selectOption({ label: 'Any tier' })
    await page.getByRole('button', { name: 'Save the campaign' }).click()
    await textOnPage(page, 'Campaign saved').first().waitFor()

    // The member finds it on the public list, is told the team chooses, and applies.
    const memberPage = await (await newContext(browser)).newPage()
    await signInThroughUi(memberPage, member, '/en/ready-to-test')
    await memberPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await memberPage.getByRole('link', { name: TITLE, exact: true }).click()
    await memberPage.waitForURL(`**/en/ready-to-test/${campaignId}`)
    await memberPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await textOnPage(memberPage, 'The team chooses the testers among the applicants').first().waitFor()
    await memberPage.getByRole('group', { name: 'How often do you go hiking?' }).getByLabel('Every week').check()
    await memberPage.getByLabel('What do you carry on a day hike?').fill('Water and a map')
    await memberPage.getByLabel('Yes, send the product to this address.').check()
    await memberPage.getByRole('button', { name: 'Apply for this test' }).click()
    // Curated: the application waits for the team.
    await memberPage.getByRole('heading', { name: 'You applied: the team is choosing the testers' }).waitFor()
    await expectNoAxeViolationsAtEveryWidth(memberPage)

    await gotoHydrated(page, `/en/ops/campaigns/${campaignId}`)
    const card = page.getByRole('article', { name: /^Flight 1/ })
    expect(await card.locator('dt', { hasText: 'Sign-ups, of every status' }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('1')
    expect(await card.getByRole('button', { name: 'Delete Flight 1' }).getAttribute('aria-disabled')).toBe('true')
    await card.getByText('It cannot be deleted: members have signed up for it.').waitFor()

    await gotoHydrated(page, '/en/ops/applicants')
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: TITLE })
    await page.getByRole('button', { name: 'Show applicants' }).click()
    const choose = page.getByRole('checkbox', { name: new RegExp(`^Choose ${member.displayName}`) })
    await choose.check()
    await page.getByRole('button', { name: 'Select 1 chosen' }).click()
    await textOnPage(page, '1 tester selected').first().waitFor()
    const mine = (await asMember(token, 'GET', `suite/api/campaigns/${campaignId}/participations`)).items as Json[]
    expect(mine.map((p) => p.status)).toEqual(['selected'])
    selectedParticipation = String(mine[0]!.id)

    // The member sees it on their campaign page.
    await gotoHydrated(memberPage, `/en/member/campaigns/${campaignId}`)
    await textOnPage(memberPage, 'Selected').first().waitFor()
    await expectNoAxeViolationsAtEveryWidth(memberPage)
  })
  it("shows the campaign's results in tables: each step of the funnel, the answers with small groups hidden, never free text", async () => {
    await gotoHydrated(page, `/en/ops/campaigns/${campaignId}`)
    await page.getByRole('link', { name: 'Results', exact: true }).click()
    await page.waitForURL(`**/en/ops/campaigns/${campaignId}/results`)
    await page.getByRole('heading', { level: 1, name: `Results: ${TITLE}` }).waitFor()
    const valueOf = (table: ReturnType<Page['getByRole']>, row: string) =>
      table
        .locator('tr', { has: page.getByRole('rowheader', { name: row, exact: true }) })
        .getByRole('cell')
        .first()
        .textContent()
    // The chart is one image to assistive technology, drawn beside its table.
    const chart = page.getByRole('img', { name: "Chart of Flight 1's funnel: the same figures as the table below." })
    await chart.locator('svg .recharts-bar-rectangle').first().waitFor()
    expect(await chart.locator('svg .recharts-bar-rectangle path').count()).toBe(3)
    const funnel = page.getByRole('table', { name: 'Flight 1: people at each step' })
    expect(await valueOf(funnel, 'Applied')).toBe('1')
    expect(await valueOf(funnel, 'Selected')).toBe('1')
    expect(await valueOf(funnel, 'Shipped')).toBe('0')
    // One person answered: too few to show.
    const hiking = page.getByRole('table', { name: 'How often do you go hiking? (1 answered)' })
    expect(await valueOf(hiking, 'Every week')).toBe('fewer than 5, or hidden with one that is')
    await textOnPage(page, /1 answered in their own words/).waitFor()
    expect(await page.locator('main').textContent()).not.toContain('Water and a map')
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-campaign-results')

    // Its published reviews leave as a file (none are published yet: the columns alone).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the published reviews (CSV)' }).click()])
    expect(download.suggestedFilename()).toMatch(/^reviews-\d{4}-\d\d-\d\d\.csv$/)
    expect(readFileSync((await download.path())!, 'utf8')).toBe('"Review","Rating","Title","Text","Published","Reviewer","Disclosure","Photos"\r\n')
  })

  it('follows the campaign while the page is open: a parcel shipped meanwhile shows at the next reading', async () => {
    // The page's own clock, so its 30-second reading comes on demand.
    await page.clock.install()
    await gotoHydrated(page, `/en/ops/campaigns/${campaignId}/results`)
    const shipped = () =>
      page
        .getByRole('table', { name: 'Flight 1: people at each step' })
        .locator('tr', { has: page.getByRole('rowheader', { name: 'Shipped', exact: true }) })
        .getByRole('cell')
        .first()
        .textContent()
    expect(await shipped()).toBe('0')
    await operatorCommand({ command: 'ship', id: selectedParticipation, carrier: 'DHL', tracking: `JD${Date.now()}` })
    // Nothing else reads the figures again: not a reload, not the window's focus.
    expect(await shipped()).toBe('0')
    await page.clock.fastForward(31_000)
    await expect.poll(shipped).toBe('1')
  })
})
