// The operator console (/en/ops) in the browser against the real member API. A visitor is sent to
// sign in and comes back; a member without a staff role is told there is no access. A moderator
// (given the role from the command line) works through the queue by keyboard: filters it down to
// this test's two reviews, opens the first from its row, approves it with `a`, rejects the second
// with a reason and a note; the first is public, the second's author reads why on their pages,
// revises it and it is back in the queue. The audit log shows both decisions by the moderator (and
// keeps a day filter as typed); an admin writes a newsletter issue and sends it once confirmed; the
// staff page lists the moderator, and a revocation given up at
// "Confirm it's you" changes nothing. Other tests' reviews may wait in the same queue: everything
// here is found by words only this run's reviews carry.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused, waitForFocus } from './support/keyboard'
import {
  uniqueStreet,
  createConfirmedMember,
  createMember,
  DEMO_STAFF,
  giveAuthenticator,
  markEmailVerified,
  signInThroughUi,
  type TestMember,
  untilDoneConfirmingIfAsked,
} from './support/members'
import { asMember, idTokenOf } from './support/member-api'
import { callSuite, operatorCommand, setSuiteClock, type Json } from './support/suite'

/** A word only this run's reviews carry: the queue is filtered by it. */
const TAG = `zq${Date.now().toString(36)}`
const NOTE = 'Please take out the shop link and the price in the last sentence.'

type Author = TestMember & { token: string; participationId: string; reviewId: string; title: string }

let browser: Browser
let moderator: TestMember
let page: Page
let authorPage: Page | undefined
const authors: Author[] = []
const MARKUP = '</script><script>window.injected = 1</script><!-- <b>bold?</b>'
const campaign = { id: '', productId: '' }

/** A page in a browser context of its own: nobody signed in yet. */
async function freshPage(): Promise<Page> {
  return (await newContext(browser)).newPage()
}

/** A new member selected for the cold brew test, the product delivered, and a review sent: waiting for moderation. */
async function authorWithPendingReview(name: string, title: string, body: string): Promise<Author> {
  const member = await createMember(name)
  const token = await idTokenOf(member)
  await asMember(token, 'PUT', 'logistics/v1/members/address', { name, line1: uniqueStreet(), postalCode: '10119', city: 'Berlin', country: 'DE' })
  const participation = await asMember(token, 'POST', 'logistics/v1/campaigns/process_signup', {
    campaignId: campaign.id,
    answers: [
      { questionId: 'coffee-style', answer: 'Iced' },
      { questionId: 'cups', answer: '2–3' },
    ],
  })
  expect(participation.status).toBe('selected')
  const participationId = participation.id as string
  await operatorCommand({ command: 'ship', id: participationId, carrier: 'DHL', tracking: `JD0146${Math.floor(Math.random() * 1e8)}` })
  await operatorCommand({ command: 'deliver', id: participationId })
  const review = await asMember(token, 'POST', 'logistics/v1/content/flight/review', { participationId, rating: 4, title, body, receivedForFree: true })
  expect(review.status).toBe('pending')
  return { ...member, token, participationId, reviewId: review.id as string, title }
}

/** The rows of the console table on the page (the empty table's single row has no id). */
const queueRows = () => page.locator('tbody tr[data-row-id]')
const openReviewHeading = () => page.locator('#open-review-title')
const auditRows = () => page.locator('tbody tr[data-row-id]')
/** The audit table's rows as the cells' text: when, who, action, target, change, from where. */
const auditEntries = () => auditRows().evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)))

beforeAll(async () => {
  browser = await launchBrowser()
  const found = await callSuite('GET', 'suite/api/public/campaigns/kettle-kiln-cold-brew')
  Object.assign(campaign, { id: found.id as string, productId: (found.product as Json).id as string })
  // Sent one after the other: the queue, oldest first, shows them in this order.
  authors.push(
    await authorWithPendingReview(
      'Ada Approved',
      `Smooth over ice ${TAG}`,
      // Markup in a review's text stays text, in the page and in what search engines read of it.
      `Two weeks of iced coffee (${TAG}): one part concentrate to three of oat milk, and it never turned bitter in the fridge. ${MARKUP}`,
    ),
  )
  authors.push(
    await authorWithPendingReview(
      'Ben Bargain',
      `Great value ${TAG}`,
      `Rich and chocolatey (${TAG}). I found it for 12.90 EUR at https://shop.example/cold-brew, cheaper than the supermarket.`,
    ),
  )
  moderator = await createConfirmedMember('Mo Moderator')
  expect(await operatorCommand({ command: 'staff-grant', email: moderator.email, role: 'moderator' })).toMatchObject({ changed: true })
  await giveAuthenticator(moderator)
})

afterAll(async () => {
  await setSuiteClock(0).catch(() => undefined)
  await browser?.close()
})

describe('who may open the console', () => {
  it('sends a visitor to sign in and back; a member without a role is told there is no access', async () => {
    page = await freshPage()
    await page.goto('/en/ops', { waitUntil: 'load' })
    const login = new URL(page.url())
    expect(login.pathname).toBe('/en/user/login')
    expect(login.searchParams.get('redirect')).toBe('/en/ops')

    // Signing in there comes back to the console, which this member may not use.
    const member = await createConfirmedMember('Nina Nobody')
    await signInThroughUi(page, member, '/en/ops')
    expect(new URL(page.url()).pathname).toBe('/en/ops')
    await page.getByRole('heading', { name: 'No access to the console', level: 1 }).waitFor()
    await textOnPage(page, `You are signed in as ${member.email}, and this account holds no staff role.`, { exact: false }).waitFor()
    // Nothing of the console shows: no queue, no navigation to its pages.
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0)
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('tells a person holding a role on an address that is not confirmed to confirm it first, with the way to do it', async () => {
    const unconfirmedPage = await freshPage()
    // The role was given while the address was confirmed; the account no longer says so.
    const person = await createConfirmedMember('Una Confirmed')
    expect(await operatorCommand({ command: 'staff-grant', email: person.email, role: 'moderator' })).toMatchObject({ changed: true })
    await markEmailVerified(person, false)
    await signInThroughUi(unconfirmedPage, person, '/en/ops')
    await unconfirmedPage.getByRole('heading', { name: 'No access to the console', level: 1 }).waitFor()
    await textOnPage(unconfirmedPage, `You are signed in as ${person.email}, whose address is not confirmed yet.`, { exact: false }).waitFor()
    const confirm = unconfirmedPage.getByRole('link', { name: 'Confirm my e-mail address' })
    expect(new URL((await confirm.getAttribute('href'))!, 'http://portal.invalid').searchParams.get('redirect')).toBe('/en/ops')
    // Nothing of the console: the member API refuses every call of this account.
    expect(await unconfirmedPage.getByRole('navigation', { name: 'Console' }).count()).toBe(0)
    await expectNoAxeViolationsAtEveryWidth(unconfirmedPage)
    await unconfirmedPage.context().close()
  })

  it("tells a moderator who opens the members' page that their roles do not include it, and shows none of it", async () => {
    const moderatorPage = await freshPage()
    await signInThroughUi(moderatorPage, moderator, '/en/ops/members')
    expect(new URL(moderatorPage.url()).pathname).toBe('/en/ops/members')
    await moderatorPage.getByRole('heading', { name: 'Your roles do not include this page', level: 1 }).waitFor()
    // The menu offers their own page; the members' search and list are not drawn.
    expect(await moderatorPage.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).toEqual(['Moderation queue'])
    expect(await moderatorPage.getByRole('table').count()).toBe(0)
    expect(await moderatorPage.getByRole('searchbox').count()).toBe(0)
    await expectNoAxeViolationsAtEveryWidth(moderatorPage)
    // No console page is for search engines, nor kept by a shared cache.
    const answer = await moderatorPage.reload()
    expect(answer?.headers()['x-robots-tag']).toBe('noindex')
    expect(answer?.headers()['cache-control']).toBe('private, no-store')
    await moderatorPage.getByRole('heading', { name: 'Your roles do not include this page', level: 1 }).waitFor()
    // The way on is the console's first page, which names the role they hold.
    await moderatorPage.getByRole('link', { name: "Go to the console's first page" }).click()
    await moderatorPage.waitForURL((url) => url.pathname === '/en/ops')
    await textOnPage(moderatorPage, /^Your roles: Moderator\.$/).waitFor()
    await moderatorPage.context().close()
  })
})

describe('moderating reviews by keyboard', () => {
  it('filters the queue, opens the first review from its row, approves it with a and rejects the next with a reason and a note', async () => {
    page = await freshPage()
    await signInThroughUi(page, moderator, '/en/ops/reviews')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Moderation queue', level: 1 }).waitFor()
    // The console offers a moderator their page only.
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).toEqual(['Moderation queue'])

    // Filter by the words only this run's reviews carry: typed, then Enter sends the filter form.
    const words = page.getByLabel('Words in the title or text')
    await pressUntilFocused(page, 'Tab', words, 40)
    await expectFocusVisible(page, words)
    await page.keyboard.type(TAG)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('q') === TAG)
    await expect.poll(() => queueRows().count()).toBe(2)
    expect(await queueRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')))).toEqual(authors.map((a) => a.reviewId))
    await textOnPage(page, 'The queue is filtered.').waitFor()

    // Tab to the first row and open it with Enter: the review opens beside the table, focus moves to it.
    const first = page.locator(`tr[data-row-id="${authors[0]!.reviewId}"]`)
    await pressUntilFocused(page, 'Tab', first, 40)
    await expectFocusVisible(page, first)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('review') === authors[0]!.reviewId)
    const panel = page.locator('section[aria-labelledby="open-review-title"]')
    await waitForFocus(panel)
    expect(await openReviewHeading().textContent()).toBe(authors[0]!.title)
    expect(await first.getAttribute('aria-selected')).toBe('true')
    await textOnPage(page, 'Disclosure: says the product was received for free.').waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-moderation-open-review')

    // a approves the open review; the next one opens, and the approved one leaves the queue.
    await page.keyboard.press('a')
    await textOnPage(page, 'Review published').first().waitFor()
    await expect.poll(() => openReviewHeading().textContent()).toBe(authors[1]!.title)
    await expect.poll(() => queueRows().count()).toBe(1)
    expect(await queueRows().first().getAttribute('data-row-id')).toBe(authors[1]!.reviewId)

    // r goes to the reasons; the reason is chosen by typing its first letter, the note typed, and the form sent with Enter.
    await page.keyboard.press('r')
    const reason = page.getByLabel('Reason for rejecting')
    await waitForFocus(reason)
    await expectFocusVisible(page, reason)
    await page.keyboard.press('Shift+A')
    expect(await reason.inputValue()).toBe('link-or-price')
    expect(await reason.locator('option:checked').textContent()).toBe('A link or a price')
    const note = page.getByLabel('Note to the author (optional)')
    await pressUntilFocused(page, 'Tab', note, 5)
    await page.keyboard.type(NOTE)
    const send = page.getByRole('button', { name: 'Reject and tell the author' })
    await pressUntilFocused(page, 'Tab', send, 5)
    await expectFocusVisible(page, send)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Review sent back to its author').first().waitFor()
    await page.getByRole('cell', { name: 'No review is waiting. Well done!' }).waitFor()
    expect(await queueRows().count()).toBe(0)
  })

  it('publishes the approved review; the rejected one is not public', async () => {
    const published = await callSuite('GET', `suite/api/public/reviews/${authors[0]!.reviewId}`)
    expect(published).toMatchObject({ id: authors[0]!.reviewId, title: authors[0]!.title })
    await expect(callSuite('GET', `suite/api/public/reviews/${authors[1]!.reviewId}`)).rejects.toThrow(/→ 404/)
  })

  it("keeps markup in the published review's text as text, in the page and in its structured data", async () => {
    const html = await (await fetch(`${baseUrl()}/en/reviews/${authors[0]!.reviewId}`)).text()
    expect(html).not.toContain(MARKUP)
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    )
    const review = blocks.find((block) => block['@type'] === 'Review')
    expect(review?.reviewBody).toContain(MARKUP)
    const reader = await freshPage()
    await gotoHydrated(reader, `/en/reviews/${authors[0]!.reviewId}`)
    await textOnPage(reader, MARKUP, { exact: false }).waitFor()
    expect(await reader.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined()
    await reader.context().close()
  })

  it("shows the rejected review's author the reason and the note on their participation page", async () => {
    authorPage = await freshPage()
    await signInThroughUi(authorPage, authors[1]!, `/en/member/campaigns/${campaign.id}`)
    await authorPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(new URL(authorPage.url()).pathname).toBe(`/en/member/campaigns/${campaign.id}`)
    await textOnPage(authorPage, 'Your review needs a change before we can publish it.').first().waitFor()
    await textOnPage(authorPage, 'It contains a link or a price.').first().waitFor()
    await textOnPage(authorPage, `Our moderators wrote: “${NOTE}”`).first().waitFor()
    // The next step and the task list both lead to the review form.
    const revise = authorPage.getByRole('link', { name: 'Revise my review' })
    expect(await revise.count()).toBeGreaterThan(0)
    for (const href of await revise.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toBe(`/en/products/${campaign.productId}/reviews/${campaign.id}`)
    }
  })

  it('shows the reason and the note on the write-review page, takes the revised review, and it is back in the queue', async () => {
    const author = authors[1]!
    if (!authorPage) {
      authorPage = await freshPage()
      await signInThroughUi(authorPage, author, `/en/products/${campaign.productId}/reviews/${campaign.id}`)
    }
    await gotoHydrated(authorPage, `/en/products/${campaign.productId}/reviews/${campaign.id}`)
    await authorPage.getByRole('heading', { name: 'Revise your review', level: 2 }).waitFor()
    await textOnPage(authorPage, 'It contains a link or a price.').first().waitFor()
    await textOnPage(authorPage, `Our moderators wrote: “${NOTE}”`).first().waitFor()
    // The review to revise is in the form; the disclosure is asked for again.
    // (filled in once the page has read the member's review and any draft kept in this browser)
    await expect.poll(() => authorPage!.getByLabel('Title').inputValue()).toBe(author.title)
    await authorPage
      .getByLabel('Your experience')
      .fill(`Rich and chocolatey (${TAG}). One bottle made about sixteen iced coffees, and it kept well in the fridge.`)
    await authorPage.getByLabel('I received this product for free and my review is my honest opinion.').check()
    await authorPage.getByRole('button', { name: 'Submit my review' }).click()
    await authorPage.getByRole('heading', { name: 'Thank you! Your review is waiting for moderation' }).waitFor()

    // Back in the moderator's (filtered) queue, with the revised text.
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect.poll(() => queueRows().count()).toBe(1)
    expect(await queueRows().first().getAttribute('data-row-id')).toBe(author.reviewId)
    expect(await openReviewHeading().textContent()).toBe(author.title)
    await textOnPage(page, 'One bottle made about sixteen iced coffees', { exact: false }).waitFor()
  })
})

describe('audit log and staff', () => {
  it("lists the moderator's decisions in the audit log", async () => {
    page = await freshPage()
    await signInThroughUi(page, DEMO_STAFF, '/en/ops/audit')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()

    // Filtered by the moderator's address, typed and sent with Enter.
    const person = page.getByLabel('Person (e-mail or id)')
    await pressUntilFocused(page, 'Tab', person, 40)
    await expectFocusVisible(page, person)
    await page.keyboard.type(moderator.email)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('actor') === moderator.email)
    await expect.poll(() => auditRows().count()).toBe(2)
    const entries = await auditEntries()
    // Newest first: the rejection, then the approval; each names the moderator and the review.
    // Each action in words, its code beside it.
    expect(entries.map((cells) => cells[2]!.replace(/\s+/g, ' '))).toEqual(['Review sent back review.reject', 'Review published review.approve'])
    for (const [cells, author] of [
      [entries[0]!, authors[1]!],
      [entries[1]!, authors[0]!],
    ] as const) {
      expect(cells[1]).toContain(moderator.email)
      expect(cells[3]).toContain(author.reviewId)
    }
    expect(entries[0]![4]).toContain('link-or-price')
    expect(entries[0]![4]).toContain(NOTE)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-audit')
  })

  it('keeps the days of the filter as typed when the filters are applied again', async () => {
    // The day the decisions were taken (UTC), as both ends of the range: the same two entries.
    const day = (await auditEntries())[0]![0]!.slice(0, 10)
    await page.getByLabel('From (day, UTC)').fill(day)
    await page.getByLabel('To (day, UTC)').fill(day)
    const person = page.getByLabel('Person (e-mail or id)')
    await person.focus()
    await page.keyboard.press('Enter')
    const nextDay = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString()
    await page.waitForURL((url) => url.searchParams.get('to') === nextDay)
    // The page has taken the new filter once its export link carries it.
    await page
      .getByRole('link', { name: 'Export these entries as CSV' })
      .and(page.locator(`[href*="to=${encodeURIComponent(nextDay)}"]`))
      .waitFor()
    expect(new URL(page.url()).searchParams.get('from')).toBe(`${day}T00:00:00.000Z`)
    await expect.poll(() => auditRows().count()).toBe(2)
    // The form shows the range as typed, and applying it again does not stretch it.
    expect(await page.getByLabel('From (day, UTC)').inputValue()).toBe(day)
    expect(await page.getByLabel('To (day, UTC)').inputValue()).toBe(day)
    await person.focus()
    await page.keyboard.press('Enter')
    await page.waitForLoadState('load')
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(nextDay)
    expect(await page.getByLabel('To (day, UTC)').inputValue()).toBe(day)
  })

  it('opens on a page naming the roles held and linking each page of them', async () => {
    await gotoHydrated(page, '/en/ops')
    await page.getByRole('heading', { name: 'Console', level: 1 }).waitFor()
    await textOnPage(page, /^Your roles: Admin, Campaign manager, Moderator, Fulfilment, Support\.$/).waitFor()
    const links = page.getByRole('main').getByRole('listitem').getByRole('link')
    expect(await links.allTextContents()).toEqual(
      expect.arrayContaining(['Moderation queue', 'Applicants', 'Shipments', 'Members', 'Staff and roles', 'Audit log', 'Categories', 'Newsletter']),
    )
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('creates a product (a bad price said beside its field, what was typed kept) and edits it', async () => {
    const name = `Console jug ${Date.now()}`
    await gotoHydrated(page, '/en/ops/products')
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor()
    const create = page.getByRole('form', { name: 'New product' })
    await create.getByLabel('Brand').fill('Kettle & Kiln')
    await create.getByLabel('Product name').fill(name)
    await create.getByLabel('Description').fill('A one-litre cold brew jug with a steel filter.')
    await create.getByLabel('Category').selectOption('kitchen')
    await create.getByLabel('Shop price').fill('12.345')
    // A barcode number whose check digit does not match is said beside its field too.
    await create.getByLabel('GTIN (EAN or UPC barcode)').fill('4006381 333932')
    await create.getByLabel('Manufacturer part number (MPN)').fill('KK-JUG-1L')
    await create.getByRole('button', { name: 'Create the product' }).click()
    await create.getByText('Enter the shop price, such as 29.99.').waitFor()
    await create.getByText('Enter the 8, 12, 13 or 14 digits under the barcode, as printed, or leave it empty.').waitFor()
    expect(await create.getByLabel('Product name').inputValue()).toBe(name)
    await create.getByLabel('Shop price').fill('34,99')
    await create.getByLabel('GTIN (EAN or UPC barcode)').fill('4006381 333931')
    await create.getByRole('button', { name: 'Create the product' }).click()
    const row = page.getByRole('row').filter({ hasText: name })
    await row.getByText('€34.99').waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('form', { name: `Edit ${name}` })
    // The identifiers were saved as the brand gives them: the GTIN's digits, the part number as typed.
    expect(await edit.getByLabel('GTIN (EAN or UPC barcode)').inputValue()).toBe('4006381333931')
    expect(await edit.getByLabel('Manufacturer part number (MPN)').inputValue()).toBe('KK-JUG-1L')
    expect(await edit.getByLabel('SKU').inputValue()).toBe('')
    await edit.getByLabel('Shop price').fill('29.99')
    await edit.getByRole('button', { name: 'Save the product' }).click()
    await row.getByText('€29.99').waitFor()
  })

  it('adds a category (a slug already taken said beside its field) and renames it; products are filed under it at once', async () => {
    const stamp = Date.now().toString(36)
    const slug = `garden-${stamp}`
    await gotoHydrated(page, '/en/ops/categories')
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor()
    const create = page.getByRole('form', { name: 'New category' })
    await create.getByLabel('Name', { exact: true }).fill('Kitchen helpers')
    // The slug follows the name until the admin writes one of their own.
    expect(await create.getByLabel('Slug').inputValue()).toBe('kitchen-helpers')
    await create.getByLabel('Slug').fill('kitchen')
    await create.getByRole('button', { name: 'Add the category' }).click()
    // The member API's refusal in the catalogue's dialog, and the page's sentence beside the field.
    const refused = page.getByRole('dialog', { name: 'Something went wrong' })
    await refused.getByText('A category has this slug or name already').waitFor()
    await refused.getByRole('button', { name: 'Close' }).click()
    await create.getByText('Another category has this slug: choose another.').waitFor()
    await create.getByLabel('Name', { exact: true }).fill(`Garden ${stamp}`)
    expect(await create.getByLabel('Slug').inputValue()).toBe('kitchen')
    await create.getByLabel('Slug').fill(slug)
    await create.getByRole('button', { name: 'Add the category' }).click()
    const row = page.getByRole('row').filter({ hasText: slug })
    await row.getByText(`Garden ${stamp}`).waitFor()
    expect(await create.getByLabel('Slug').inputValue()).toBe('')
    await expectNoAxeViolationsAtEveryWidth(page)

    await row.getByRole('button', { name: `Rename Garden ${stamp}` }).click()
    const rename = page.getByRole('form', { name: `Rename Garden ${stamp}` })
    await rename.getByLabel('New name').fill(`Garden and patio ${stamp}`)
    await rename.getByRole('button', { name: 'Save the name' }).click()
    await row.getByText(`Garden and patio ${stamp}`).waitFor()

    await gotoHydrated(page, '/en/ops/products')
    const option = page.getByRole('form', { name: 'New product' }).getByLabel('Category').locator(`option[value="${slug}"]`)
    expect(await option.textContent()).toBe(`Garden and patio ${stamp}`)
  })

  it('writes a newsletter issue (a too short subject said beside its field), sends it once confirmed, and lists it', async () => {
    const subject = `Autumn news ${Date.now().toString(36)}`
    await gotoHydrated(page, '/en/ops/newsletter')
    await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor()
    const write = page.getByRole('form', { name: 'Write an issue' })
    await write.getByText('Leave a blank line between paragraphs').waitFor()
    await write.getByLabel('Subject').fill('Hi')
    await write.getByLabel('The issue').fill('New campaigns are open this week.\n\n- A cold brew jug\n- A cast iron pan')
    await write.getByRole('button', { name: 'Send the issue' }).click()
    await write.getByText('Write a subject of 3 to 150 characters.').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await write.getByLabel('Subject').fill(subject)
    await write.getByRole('button', { name: 'Send the issue' }).click()
    const confirm = page.getByRole('dialog', { name: 'Send to every member who opted in?' })
    await confirm.waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    await confirm.getByRole('button', { name: 'Send the issue' }).click()
    await untilDoneConfirmingIfAsked(page, DEMO_STAFF, textOnPage(page, 'Issue sent'))
    const row = page.getByRole('row').filter({ hasText: subject })
    await row.getByText(/^(Sending|Finished on .+)$/).waitFor()
    expect(await write.getByLabel('Subject').inputValue()).toBe('')
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('archives a campaign off the public list and publishes it again, each confirmed, by keyboard', async () => {
    const slug = 'evergreen-bamboo-toothbrush'
    const title = 'Switch test: bamboo toothbrushes for the whole family'
    const onPublicList = async () =>
      ((await callSuite('GET', 'suite/api/public/campaigns?pageSize=50')) as { items: { slug: string }[] }).items.some((c) => c.slug === slug)
    expect(await onPublicList()).toBe(true)
    await gotoHydrated(page, '/en/ops/campaigns')
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
    const row = page.getByRole('row').filter({ hasText: slug })
    await row.getByText('Published', { exact: true }).waitFor()
    await row.getByRole('button', { name: `Archive ${title}` }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click()
    await row.getByText('Archived (off the public lists)').waitFor()
    expect(await onPublicList()).toBe(false)
    // Its page still answers for a link someone kept, but tells search engines it is gone, and the sitemap no longer lists it.
    // (A visitor's copy of the page is kept for a few seconds: the new answer is waited for.)
    const robotsHeader = async () => {
      const answer = await fetch(`${baseUrl()}/en/ready-to-test/${slug}`)
      await answer.body?.cancel()
      return `${answer.status} ${answer.headers.get('x-robots-tag')}`
    }
    await expect.poll(robotsHeader).toBe('200 noindex')
    expect(await (await fetch(`${baseUrl()}/sitemaps/campaigns.xml`)).text()).not.toContain(`/en/ready-to-test/${slug}<`)
    await row.getByRole('button', { name: `Publish ${title}` }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
    await row.getByText('Published', { exact: true }).waitFor()
    expect(await onPublicList()).toBe(true)
    await expect.poll(robotsHeader).toBe('200 null')
    expect(await (await fetch(`${baseUrl()}/sitemaps/campaigns.xml`)).text()).toContain(`/en/ready-to-test/${slug}<`)
  })

  it('lists the moderator on the staff page; a revocation given up at "Confirm it\'s you" changes nothing and says nothing', async () => {
    await gotoHydrated(page, '/en/ops/staff')
    await page.getByRole('heading', { name: 'Staff and roles', level: 1 }).waitFor()
    const row = page.getByRole('row').filter({ hasText: moderator.email })
    await row.waitFor()
    await row.getByText(/^Moderator, since /).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)

    // From the keyboard: the revoke button, confirmed; the admin's sign-in now looks over 5 minutes old to the member API.
    const revoke = row.getByRole('button', { name: `Revoke Moderator from ${moderator.email}` })
    await pressUntilFocused(page, 'Tab', revoke, 60)
    await expectFocusVisible(page, revoke)
    await setSuiteClock(301)
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Revoke this role?' })
    await confirm.waitFor()
    const accept = confirm.getByRole('button', { name: 'Revoke', exact: true })
    await pressUntilFocused(page, 'Tab', accept, 5)
    await page.keyboard.press('Enter')
    const reauth = page.getByRole('dialog', { name: "Confirm it's you" })
    await reauth.waitFor()
    await page.keyboard.press('Escape')
    await reauth.waitFor({ state: 'detached' })
    await setSuiteClock(0)
    // Nothing was revoked, and no toast says it was.
    await page.waitForTimeout(1000)
    expect(await textOnPage(page, 'Role revoked').count()).toBe(0)
    await gotoHydrated(page, '/en/ops/staff')
    await row.getByText(/^Moderator, since /).waitFor()
  })

  it('refuses a role to an address that is not confirmed, saying so beside the address', async () => {
    const early = await createMember('Early Bird')
    await gotoHydrated(page, '/en/ops/staff')
    const form = page.getByRole('form', { name: 'Grant a role' })
    await form.getByLabel('E-mail address').fill(early.email)
    await form.getByLabel('Role').selectOption({ label: 'Support' })
    await form.getByRole('button', { name: 'Grant the role' }).click()
    await untilDoneConfirmingIfAsked(page, DEMO_STAFF, textOnPage(page, 'This address is not confirmed yet.', { exact: false }))
    // What was typed stays; nobody got the role.
    expect(await form.getByLabel('E-mail address').inputValue()).toBe(early.email)
    expect(await page.getByRole('row').filter({ hasText: early.email }).count()).toBe(0)
  })
})
