// The one-click unsubscribe of every non-transactional e-mail, end to end against the real member
// API: a shipped product's e-mail (topic "shipment updates") is read from the outbox, its HTML opened
// in a page and checked with axe, its unsubscribe and settings links checked; the unsubscribe link
// followed signed out in a fresh browser, confirmed, and the setting is off in the member API; an
// altered token is refused on the page and by one-click, changing nothing; and the RFC 8058 one-click
// POST to the portal's /unsubscribe, from no page of ours and without cookies, turns the topic off.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, expectNoAxeViolations, gotoHydrated, launchBrowser, newContext, takeCspRefusals } from './support/browser'
import { asMember, idTokenOf } from './support/member-api'
import { uniqueStreet, createMember, type TestMember } from './support/members'
import { callSuite, emailsTo, operatorCommand, type Json, type OutboxMessage } from './support/suite'

/** An open first-come test of the demo catalogue: a new member who signs up is selected at once. */
const OPEN = 'kettle-kiln-cold-brew'

let browser: Browser
let member: TestMember
let token: string
let mail: OutboxMessage
/** The one-click address of the List-Unsubscribe header, and the token it carries. */
let oneClickUrl: string
let linkToken: string

const settings = async () => (await asMember(token, 'GET', 'logistics/v1/members/notifications')) as { email: Json; sms: Json }

/** A link's token with its topic changed: the signature no longer matches. */
const altered = (t: string) => t.replace('.shipmentUpdates.', '.newsletter.')

const oneClick = (url: string, body = 'List-Unsubscribe=One-Click') =>
  fetch(url, {
    method: 'POST',
    // As a mail client sends it: a form, from no page of ours, no cookies.
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    body,
    redirect: 'manual',
  })

async function freshPage(): Promise<Page> {
  return (await newContext(browser)).newPage()
}

beforeAll(async () => {
  browser = await launchBrowser()
  member = await createMember('Una Subscriber')
  token = await idTokenOf(member)
  await asMember(token, 'PUT', 'logistics/v1/members/address', {
    name: 'Una Subscriber',
    line1: uniqueStreet(),
    postalCode: '10119',
    city: 'Berlin',
    country: 'DE',
  })
  const campaign = await callSuite('GET', `suite/api/public/campaigns/${OPEN}`)
  const participation = await asMember(token, 'POST', 'logistics/v1/campaigns/process_signup', {
    campaignId: campaign.id,
    answers: [
      { questionId: 'coffee-style', answer: 'Iced' },
      { questionId: 'cups', answer: '2–3' },
    ],
  })
  expect(participation.status).toBe('selected')
  // New members get shipment updates by e-mail: shipping the parcel sends one.
  expect((await settings()).email.shipmentUpdates).toBe(true)
  await operatorCommand({ command: 'ship', id: participation.id, carrier: 'DHL', tracking: 'JD014600112233' })
  const shipped = (await emailsTo(member.email, 10)).find((m) => m.template === 'shipment-shipped')
  if (!shipped) throw new Error(`No shipment e-mail to ${member.email} in the outbox`)
  mail = shipped
  const header = /^<([^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')
  expect(header).not.toBeNull()
  oneClickUrl = header![1]!
  linkToken = new URL(oneClickUrl).searchParams.get('token') ?? ''
})

afterAll(async () => {
  await browser?.close()
})

describe('the e-mail', () => {
  it('is a shipment update with the RFC 8058 headers, and its HTML passes axe with the unsubscribe and settings links', async () => {
    expect(mail).toMatchObject({ topic: 'shipmentUpdates', subject: 'Your test product is on its way' })
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(oneClickUrl).toBe(`${baseUrl()}/unsubscribe?token=${encodeURIComponent(linkToken)}`)
    expect(linkToken.split('.')).toHaveLength(5)

    const page = await freshPage()
    await page.setContent(mail.html ?? '', { waitUntil: 'load' })
    await expectNoAxeViolations(page)
    const unsubscribe = page.getByRole('link', { name: 'Unsubscribe from these messages' })
    expect(await unsubscribe.getAttribute('href')).toBe(`${baseUrl()}/en/unsubscribe?token=${encodeURIComponent(linkToken)}`)
    expect(await page.getByRole('link', { name: 'Your message settings' }).getAttribute('href')).toBe(`${baseUrl()}/en/member/notifications`)
    // DHL is a carrier with a tracking page: the e-mail links straight to the parcel there.
    expect(await page.getByRole('link', { name: 'Track your parcel' }).getAttribute('href')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD014600112233',
    )
    // The plain text part carries the same two links.
    expect(mail.body).toContain(`${baseUrl()}/en/unsubscribe?token=${encodeURIComponent(linkToken)}`)
    expect(mail.body).toContain(`${baseUrl()}/en/member/notifications`)
    await page.context().close()
  })
})

describe('the unsubscribe page, signed out', () => {
  it('refuses an altered link on the page and by one-click, changing nothing', async () => {
    const page = await freshPage()
    await gotoHydrated(page, `/en/unsubscribe?token=${encodeURIComponent(altered(linkToken))}`)
    await page.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor()
    await page.getByText('This unsubscribe link is not valid or has expired. Nothing was changed.').waitFor()
    expect(await page.getByRole('button').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Your notification settings' }).getAttribute('href')).toBe('/en/member/notifications')
    await expectNoAxeViolations(page)
    // No token at all, or one that cannot be a token: the same answer, without asking the member API.
    await gotoHydrated(page, '/en/unsubscribe')
    await page.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor()

    const refused = await oneClick(`${baseUrl()}/unsubscribe?token=${encodeURIComponent(altered(linkToken))}`)
    expect(refused.status).toBe(400)
    const forged = await oneClick(`${baseUrl()}/unsubscribe?token=${encodeURIComponent(`${linkToken.slice(0, -4)}AAAA`)}`)
    expect(forged.status).toBe(400)
    expect((await settings()).email).toMatchObject({ shipmentUpdates: true, newsletter: false })
    await page.context().close()
  })

  it('follows the link from the e-mail, says what it will do, and on confirmation turns shipment updates by e-mail off', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    expect(await context.cookies()).toEqual([])
    // The link as the member clicks it in the e-mail.
    await page.setContent(mail.html ?? '', { waitUntil: 'load' })
    await page.getByRole('link', { name: 'Unsubscribe from these messages' }).click()
    await page.waitForURL((url) => url.pathname === '/en/unsubscribe')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    // Read, the token leaves the address bar: the page keeps it.
    expect(page.url()).not.toContain('token=')
    await page.getByRole('heading', { name: 'Stop shipment updates by e-mail', level: 1 }).waitFor()
    await page.getByText('When your product ships, is delivered, or a return moves on.').waitFor()
    // Opening the page changed nothing.
    expect((await settings()).email.shipmentUpdates).toBe(true)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Stop these e-mails' }).click()
    const done = page.getByRole('heading', { name: 'Shipment updates by e-mail are off', level: 1 })
    await done.waitFor()
    await page.waitForFunction(() => document.activeElement?.id === 'unsubscribe-heading')
    expect(await page.getByRole('link', { name: 'Your notification settings' }).getAttribute('href')).toBe('/en/member/notifications')
    await expectNoAxeViolations(page)

    // Only that one switch changed.
    const after = await settings()
    expect(after.email).toMatchObject({ shipmentUpdates: false, reminders: true, newCampaigns: true })
    expect(after.sms).toMatchObject({ shipmentUpdates: true })

    // Opened again, the page says it is done (and no cache kept the first answer).
    const again = await gotoHydrated(page, `/en/unsubscribe?token=${encodeURIComponent(linkToken)}`)
    expect(again?.headers()['cache-control']).toContain('no-store')
    await page.getByRole('heading', { name: 'Shipment updates by e-mail are off', level: 1 }).waitFor()
    expect(takeCspRefusals()).toEqual([])
    await context.close()
  })
})

describe('the one-click address', () => {
  it('sends a person who opens it to the page, changing nothing', async () => {
    const response = await fetch(oneClickUrl, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/en/unsubscribe?token=${encodeURIComponent(linkToken)}`)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('takes a mail client’s cross-site POST without cookies (RFC 8058) and turns the topic off', async () => {
    const on = await settings()
    await asMember(token, 'PUT', 'logistics/v1/members/notifications', { ...on, email: { ...on.email, shipmentUpdates: true } })
    expect((await settings()).email.shipmentUpdates).toBe(true)

    // Not a one-click body: refused, nothing changed.
    expect((await oneClick(oneClickUrl, 'List-Unsubscribe=Yes')).status).toBe(400)
    expect((await settings()).email.shipmentUpdates).toBe(true)

    const response = await oneClick(oneClickUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect((await response.text()).trim()).toBe('Unsubscribed')
    expect((await settings()).email).toMatchObject({ shipmentUpdates: false, reminders: true })
    // Twice is fine: the setting stays off.
    expect((await oneClick(oneClickUrl)).status).toBe(200)
  })
})
