// The console's daily work in the browser against the real member API.
//
// Applicants: a campaign manager (given the role from the command line) chooses the full sleep test,
// reads its waitlist in serving order with places and screener answers, chooses a waiting applicant
// by keyboard and selects them: the flight is full, so the error catalogue's dialog says so and
// nothing changes. (A waitlisted member can only meet a free place if a quota is raised, which no
// endpoint does: a place that frees goes to the first waiting member at once.) Members who sign up
// to the open cold brew test are selected at once, and the flight's "Selected" view lists them.
//
// Shipments: fulfilment filters the pending parcels by campaign, downloads them as CSV, ships one
// from its row (a bad tracking number is refused beside the field, what was typed stays), marks it
// delivered, and reads the partner's tracking file back: a file with an error is reported by line and
// cannot be applied; the corrected file's dry run is reported, then applied, the parcels leave the
// pending view, and the member sees the tracking number on their shipments page. Axe on both pages.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolationsAtEveryWidth, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused } from './support/keyboard'
import { asMember, idTokenOf } from './support/member-api'
import { uniqueStreet, createConfirmedMember, createMember, giveAuthenticator, signInThroughUi, type TestMember } from './support/members'
import { callSuite, operatorCommand, type Json } from './support/suite'

/** A word only this run's members carry in their names. */
const TAG = `zf${Date.now().toString(36)}`
const FULL = { slug: 'hushhour-pillow-mist', title: 'Sleep test: lavender and vetiver pillow mist' }
const OPEN = { slug: 'kettle-kiln-cold-brew', title: 'Brew less, sip more: cold brew concentrate' }

type Applicant = TestMember & { token: string; street: string; participationId: string; status: string }
type Parcel = Applicant & { shipmentId: string; trackingNumber: string }

let browser: Browser
let manager: TestMember
let fulfilment: TestMember
const waiting: Applicant[] = []
const parcels: Parcel[] = []

/** A page in a browser context of its own: nobody signed in yet. */
async function freshPage(): Promise<Page> {
  return (await newContext(browser)).newPage()
}

/** A new member with an address in Berlin, signed up for the campaign through the member API. */
async function signedUp(name: string, slug: string, answers: Array<{ questionId: string; answer: string }>): Promise<Applicant> {
  const member = await createMember(name)
  const token = await idTokenOf(member)
  const street = uniqueStreet()
  await asMember(token, 'PUT', 'logistics/v1/members/address', { name, line1: street, postalCode: '10119', city: 'Berlin', country: 'DE' })
  const campaign = await callSuite('GET', `suite/api/public/campaigns/${slug}`)
  const participation = await asMember(token, 'POST', 'logistics/v1/campaigns/process_signup', { campaignId: campaign.id, answers })
  return { ...member, token, street, participationId: participation.id as string, status: participation.status as string }
}

/** The row of the console table that names this member. */
const rowOf = (page: Page, name: string) => page.locator('tbody tr[data-row-id]').filter({ hasText: name })
/** A row's cells as the page shows them, once the row is there. */
async function cellsOf(page: Page, name: string): Promise<string[]> {
  await rowOf(page, name).waitFor()
  return rowOf(page, name).locator('td').allInnerTexts()
}

beforeAll(async () => {
  browser = await launchBrowser()
  manager = await createConfirmedMember('Carla Campaigns')
  expect(await operatorCommand({ command: 'staff-grant', email: manager.email, role: 'campaign-manager' })).toMatchObject({ changed: true })
  await giveAuthenticator(manager)
  fulfilment = await createConfirmedMember('Finn Fulfilment')
  expect(await operatorCommand({ command: 'staff-grant', email: fulfilment.email, role: 'fulfilment' })).toMatchObject({ changed: true })
  await giveAuthenticator(fulfilment)

  // Two members join the full sleep test's waitlist, one after the other.
  for (const name of [`Wanda ${TAG}`, `Walt ${TAG}`]) {
    const applicant = await signedUp(name, FULL.slug, [{ questionId: 'sleep', answer: name.startsWith('Wanda') ? 'Restless' : 'Poor' }])
    expect(applicant.status).toBe('waitlisted')
    waiting.push(applicant)
  }
  // Three members selected for the cold brew test: their parcels wait to be shipped.
  for (const name of [`Paula ${TAG}`, `Peter ${TAG}`, `Pia ${TAG}`]) {
    const applicant = await signedUp(name, OPEN.slug, [
      { questionId: 'coffee-style', answer: 'Iced' },
      { questionId: 'cups', answer: '2–3' },
    ])
    expect(applicant.status).toBe('selected')
    const { shipments } = (await asMember(applicant.token, 'GET', 'logistics/v1/members/shipments')) as { shipments: Json[] }
    const shipment = shipments.find((s) => s.participationId === applicant.participationId)
    expect(shipment?.status).toBe('pending')
    parcels.push({ ...applicant, shipmentId: shipment!.id as string, trackingNumber: `JD0146${Math.floor(1e7 + Math.random() * 9e7)}` })
  }
})

afterAll(async () => {
  await browser?.close()
})

describe('applicants', () => {
  let page: Page

  it("shows a full flight's waitlist in serving order with places and answers; selecting there is refused by the catalogue's dialog", async () => {
    page = await freshPage()
    await signInThroughUi(page, manager, '/en/ops/applicants')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Applicants', level: 1 }).waitFor()
    // The console offers a campaign manager their pages only.
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).toEqual(['Campaigns', 'Products', 'Applicants'])
    await textOnPage(page, 'No campaign is chosen yet.').waitFor()

    // The campaign, then its flight (how full it is, in the option), then the form is sent.
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: FULL.title })
    expect(await page.getByLabel('Flight', { exact: true }).locator('option:checked').textContent()).toMatch(/^Flight 1: 6 of 6 places taken, \d+ waiting$/)
    await page.getByRole('button', { name: 'Show applicants' }).click()
    await page.waitForURL((url) => url.searchParams.get('campaign') === FULL.slug && !!url.searchParams.get('flight'))
    await page.getByRole('heading', { name: `${FULL.title}, Flight 1`, level: 2 }).waitFor()
    await textOnPage(page, '0 places are left in this flight.').waitFor()
    expect(await page.getByRole('button', { name: 'Waiting', pressed: true }).count()).toBe(1)

    // Waiting, in serving order: the same tier, so the one who signed up first is served first.
    const [wanda, walt] = waiting as [Applicant, Applicant]
    const wandaCells = await cellsOf(page, wanda.displayName)
    const waltCells = await cellsOf(page, walt.displayName)
    const [wandaPlace, waltPlace] = [Number(wandaCells[1]), Number(waltCells[1])]
    expect(wandaPlace).toBeGreaterThan(0)
    expect(waltPlace).toBe(wandaPlace + 1)
    // Name and status, tier, country, applied, finished tests, the screener's question and answer.
    expect(wandaCells.slice(2, 5)).toEqual([`${wanda.displayName}\nOn the waitlist`, 'Newcomer', 'Germany'])
    expect(wandaCells[5]).toMatch(/^\d\d\/\d\d\/\d\d$/)
    expect(wandaCells[6]).toBe('0')
    expect(wandaCells[7]).toBe('How would you rate your sleep lately?\nRestless')
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-applicants-waiting')

    // By keyboard: Wanda's box (named by her place), then the button that selects the chosen.
    const choose = page.getByRole('checkbox', { name: `Choose ${wanda.displayName}, place ${wandaPlace}` })
    await pressUntilFocused(page, 'Tab', choose, 80)
    await expectFocusVisible(page, choose)
    await page.keyboard.press('Space')
    expect(await choose.isChecked()).toBe(true)
    const select = page.getByRole('button', { name: 'Select 1 chosen' })
    await pressUntilFocused(page, 'Shift+Tab', select, 80)
    await expectFocusVisible(page, select)
    const refreshed = page.waitForResponse((response) => response.url().includes('/_serverFn/') && response.request().method() === 'GET')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Something went wrong' })
    await dialog.getByText('The flight is full').waitFor()
    await refreshed
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // Nothing changed: Wanda still waits at her place, and no toast says otherwise.
    expect((await cellsOf(page, wanda.displayName)).slice(1, 3)).toEqual([String(wandaPlace), `${wanda.displayName}\nOn the waitlist`])
    expect(await textOnPage(page, '1 tester selected').count()).toBe(0)
  })

  it('lists the members who signed up to an open flight in its "Selected" view, kept in the address', async () => {
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: OPEN.title })
    await page.getByRole('button', { name: 'Show applicants' }).click()
    await page.waitForURL((url) => url.searchParams.get('campaign') === OPEN.slug)
    await page.getByRole('heading', { name: `${OPEN.title}, Flight 1`, level: 2 }).waitFor()
    await page.getByRole('button', { name: 'Selected', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('view') === 'selected')
    for (const parcel of parcels) {
      const cells = await cellsOf(page, parcel.displayName)
      // No box to choose a selected tester, no place in the waiting order.
      expect(cells.slice(0, 3)).toEqual(['—', '—', `${parcel.displayName}\nSelected`])
      expect(cells[7]).toBe('How do you usually take your coffee?\nIced\nHow many cups do you drink on a typical day?\n2–3')
    }
    expect(await page.locator('tbody input[type=checkbox]').count()).toBe(0)
    // A reload keeps the flight and the view.
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(await page.getByRole('button', { name: 'Selected', exact: true }).getAttribute('aria-pressed')).toBe('true')
    await rowOf(page, parcels[0]!.displayName).waitFor()
    await expectNoAxeViolationsAtEveryWidth(page)
  })
})

describe('shipments', () => {
  let page: Page

  it('filters the pending parcels by campaign, with their addresses, and downloads them as CSV', async () => {
    page = await freshPage()
    await signInThroughUi(page, fulfilment, '/en/ops/shipments')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).toEqual(['Shipments'])
    expect(await page.getByRole('button', { name: 'Pending', pressed: true }).count()).toBe(1)
    // Work a real team could do: every parcel waiting (the demo community's among them) says where it goes.
    await page.getByRole('table').getByRole('row').nth(1).waitFor()
    expect(await page.getByText('No address saved').count()).toBe(0)

    await page.getByLabel('Campaign (its address name)').fill(OPEN.slug)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('campaign') === OPEN.slug)
    await page.getByRole('heading', { name: `Pending parcels of ${OPEN.slug}`, level: 2 }).waitFor()
    for (const parcel of parcels) {
      const cells = await cellsOf(page, parcel.displayName)
      expect(cells[1]).toBe(`Cold Brew Concentrate 500 ml\n${OPEN.slug}`)
      expect(cells[2]).toMatch(/^Pending\nsince \d\d\/\d\d\/\d\d$/)
      expect(cells[5]).toBe(`${parcel.displayName}\n${parcel.street}\n10119 Berlin\nGermany`)
    }

    // The CSV of the pending parcels, of this campaign, for the partner.
    const download = page.getByRole('link', { name: `Download pending shipments of ${OPEN.slug} (CSV)` })
    const href = await download.getAttribute('href')
    expect(href).toBe(`/ops-exports/pending-shipments.csv?campaign=${OPEN.slug}`)
    const csv = await page.context().request.get(href!)
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="pending-shipments-/)
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe('"shipment_id","campaign","product","name","line1","line2","postal_code","city","region","country","carrier","tracking_number"')
    for (const parcel of parcels) expect(lines.some((line) => line.startsWith(`"${parcel.shipmentId}","${OPEN.slug}",`))).toBe(true)
    // Someone without the role gets nothing.
    const stranger = await (await newContext(browser)).request.get(href!)
    expect(stranger.status()).toBe(404)
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-shipments-pending')
  })

  it('ships a parcel from its row (a bad tracking number is refused beside the field, what was typed stays) and marks it delivered', async () => {
    const pia = parcels[2]!
    await page.getByRole('button', { name: `Ship the parcel for ${pia.displayName}` }).click()
    const carrier = page.getByLabel('Carrier', { exact: true })
    await expect.poll(() => carrier.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type('DHL')
    const tracking = page.getByLabel('Tracking number', { exact: true })
    await tracking.fill('has spaces 12')
    await page.getByRole('button', { name: 'Ship the parcel', exact: true }).click()
    await textOnPage(page, 'Enter the tracking number: 6 to 40 letters and digits, hyphens allowed, no spaces.').waitFor()
    expect(await tracking.getAttribute('aria-invalid')).toBe('true')
    expect(await carrier.inputValue()).toBe('DHL')
    expect(await tracking.inputValue()).toBe('has spaces 12')
    await expectNoAxeViolationsAtEveryWidth(page)

    await tracking.fill(pia.trackingNumber)
    await page.getByRole('button', { name: 'Ship the parcel', exact: true }).click()
    await textOnPage(page, 'Parcel shipped').first().waitFor()
    await rowOf(page, pia.displayName).waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Shipped', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('view') === 'shipped' && url.searchParams.get('campaign') === OPEN.slug)
    expect((await cellsOf(page, pia.displayName)).slice(2, 4)).toEqual([expect.stringMatching(/^Shipped\n/), `DHL\n${pia.trackingNumber}`])
    await page.getByRole('button', { name: `Mark the parcel for ${pia.displayName} delivered` }).click()
    await textOnPage(page, 'Parcel delivered').first().waitFor()
    await rowOf(page, pia.displayName).waitFor({ state: 'detached' })
  })

  it("reports a tracking file's errors by line without writing; the corrected file is checked, then applied, and the parcels ship", async () => {
    const [paula, peter] = parcels as [Parcel, Parcel]
    await page.getByRole('button', { name: 'Pending', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('view') === 'pending')
    await rowOf(page, paula.displayName).waitFor()
    const file = page.getByLabel('Tracking file (CSV)')
    const header = 'shipment_id,carrier,tracking_number'

    // One bad tracking number: the report names its line, and there is nothing to apply.
    await file.setInputFiles({
      name: 'tracking-bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, `${paula.shipmentId},DHL,${paula.trackingNumber}`, `${peter.shipmentId},DHL,has space`].join('\r\n')),
    })
    await page.getByRole('button', { name: 'Check the file' }).click()
    const report = page.getByTestId('tracking-report')
    await report.getByText('tracking-bad.csv has errors: nothing can be written until they are fixed.').waitFor()
    expect(await report.getByRole('list', { name: 'Errors in the file' }).getByRole('listitem').allTextContents()).toEqual([
      'Line 3: the tracking number must be 6 to 40 letters and digits, hyphens allowed, no spaces.',
    ])
    expect(await page.getByRole('button', { name: /^Apply \d+ rows?$/ }).count()).toBe(0)

    // The corrected file: checked first (nothing written), then applied with the button.
    await file.setInputFiles({
      name: 'tracking.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, `${paula.shipmentId},DHL,${paula.trackingNumber}`, `${peter.shipmentId},UPS,${peter.trackingNumber}`, ''].join('\r\n')),
    })
    // A new file is a new check: the last report goes.
    await report.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Check the file' }).click()
    await report.getByText('tracking.csv is ready: nothing is written yet.').waitFor()
    const numbers = () => report.locator('dd').allTextContents()
    expect(await numbers()).toEqual(['2', '2', '0', '0'])
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-shipments-tracking-report')
    expect((await cellsOf(page, paula.displayName))[2]).toMatch(/^Pending/)

    await page.getByRole('button', { name: 'Apply 2 rows' }).click()
    await report.getByText('tracking.csv is applied: its parcels are shipped.').waitFor()
    expect(await report.getByText('Shipped', { exact: true }).count()).toBe(1)
    expect(await numbers()).toEqual(['2', '2', '0', '0'])
    // Read again: both parcels have left the pending view.
    await rowOf(page, paula.displayName).waitFor({ state: 'detached' })
    expect(await rowOf(page, peter.displayName).count()).toBe(0)
  })

  it("refuses the CSV to a request another site started, and says in the page when the person's exports of the hour are used up", async () => {
    await gotoHydrated(page, `/en/ops/shipments?campaign=${OPEN.slug}`)
    const link = page.getByRole('link', { name: `Download pending shipments of ${OPEN.slug} (CSV)` })
    const href = (await link.getAttribute('href'))!
    const fetched = (headers: Record<string, string> = {}) => page.context().request.get(href, { headers })
    expect((await fetched({ 'sec-fetch-site': 'cross-site' })).status()).toBe(403)
    expect((await fetched({ 'sec-fetch-site': 'same-site' })).status()).toBe(403)
    // The rest of this hour's exports, taken with the same session (30 at most, and one refused).
    const useUpTheHour = async () => {
      for (let taken = 0; ; taken++) {
        const response = await fetched({ 'sec-fetch-site': 'none' })
        if (response.status() === 429) return
        expect(response.status()).toBe(200)
        expect(taken).toBeLessThan(60)
      }
    }
    const refused = textOnPage(page, /You have started 30 exports in this hour, the most one person may\. Try again in \d+ min\./)
    const saved = textOnPage(page, 'The file is saved to your downloads.')
    // A clock hour may end between the last refusal and the click, and start a new count: then again.
    for (let attempt = 1; ; attempt++) {
      await gotoHydrated(page, `/en/ops/shipments?campaign=${OPEN.slug}`)
      await useUpTheHour()
      await link.click()
      await refused.or(saved).waitFor()
      if (await refused.isVisible()) break
      expect(attempt).toBeLessThan(3)
    }
    await expectNoAxeViolationsAtEveryWidth(page)
  })

  it('shows the member the tracking number on their shipments page', async () => {
    const paula = parcels[0]!
    const memberPage = await freshPage()
    await signInThroughUi(memberPage, paula, '/en/member/shipments')
    await memberPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(new URL(memberPage.url()).pathname).toBe('/en/member/shipments')
    await textOnPage(memberPage, paula.trackingNumber).waitFor()
    await gotoHydrated(memberPage, '/en/member/shipments')
    await textOnPage(memberPage, paula.trackingNumber).waitFor()
  })
})
