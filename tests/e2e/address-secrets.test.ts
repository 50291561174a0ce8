// Secrets in page addresses, on a portal of its own with the support chat and analytics configured
// (and the visitor's consent to analytics given, so they would load wherever they may): a password
// reset link, a brand invitation link and an unsubscribe link each leave the address bar by the time
// the page is interactive, the flow still completes (after a reload too), no chat or analytics
// script is on those pages nor asked for, and the sign-in page's `redirect` carries no token.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { CONSENT_STORAGE_KEY } from '../../app/features/consent/consent-choice'
import { gotoHydrated } from './support/browser'
import { latestOobCode } from './support/emulator'
import { asMember, idTokenOf, secondFactorPassOf } from './support/member-api'
import { uniqueStreet, createConfirmedMember, createMember, giveAuthenticator, type TestMember } from './support/members'
import { ownPortalAndBrowser } from './support/portal'
import { callSuite, emailsTo, operatorCommand } from './support/suite'
import { contextWithStandIns } from './support/stand-ins'

/** An open first-come test of the demo catalogue: a new member who signs up is selected at once. */
const OPEN = 'kettle-kiln-cold-brew'
/** The demo catalogue's brand (suite/seed/catalogue.ts). */
const BRAND = 'Little Meadow'
const INTERCOM_SCRIPT = /^https:\/\/widget\.intercom\.io\/widget\//
const GTAG_SCRIPT = /^https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=/

const own = ownPortalAndBrowser('portal-address-secrets', () => ({ INTERCOM_APP_ID: 'tcsecrets1', GA_MEASUREMENT_ID: 'G-SECRETS1' }))

/** A page whose requests to the chat's and analytics' hosts are answered by stand-ins (or refused), counted either way. */
async function pageWithStandIns() {
  const { context, seen } = await contextWithStandIns(own.browser, own.baseURL, {
    hosts: /intercom|google-analytics|googletagmanager|analytics\.google/,
    standIns: [
      { script: INTERCOM_SCRIPT, body: 'window.Intercom = () => {}' },
      { script: GTAG_SCRIPT, body: 'window.__gtagRan = true' },
    ],
  })
  // The visitor allowed analytics before: it would load on every page open to it.
  await context.addInitScript((key) => window.localStorage.setItem(key, JSON.stringify(['analytics'])), CONSENT_STORAGE_KEY)
  const page = await context.newPage()
  const thirdPartyRequests = () => seen.scripts.length + seen.refused.length
  return { context, page, thirdPartyRequests }
}

/**
 * The page is interactive and has settled what it does with the chat and analytics; by then its
 * address holds no secret, and nothing of theirs is on the page or was asked for.
 */
async function expectNoSecretAndNoThirdParties(page: Page, secret: string, thirdPartyRequests: () => number, before = 0) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && document.documentElement.dataset.thirdParties !== undefined)
  const href = await page.evaluate(() => window.location.href)
  expect(href).not.toContain(secret)
  expect(decodeURIComponent(href)).not.toContain(secret)
  expect(await page.evaluate(() => document.documentElement.dataset.thirdParties)).toBe('held')
  const scripts = await page.evaluate(() =>
    Array.from(document.scripts)
      .map((script) => script.src)
      .filter((src) => /intercom|googletagmanager|google-analytics/.test(src)),
  )
  expect(scripts).toEqual([])
  expect(await page.evaluate(() => 'Intercom' in window || 'dataLayer' in window)).toBe(false)
  expect(thirdPartyRequests()).toBe(before)
}

describe('a password reset link', () => {
  it('leaves the address bar at once, keeps no third party on the page, and still sets the new password after a reload', async () => {
    const member = await createMember('Rhea Reset')
    const sent = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'PASSWORD_RESET', email: member.email }),
    })
    expect(sent.status).toBe(200)
    const { oobCode } = await latestOobCode(member.email, 'PASSWORD_RESET')
    const { context, page, thirdPartyRequests } = await pageWithStandIns()
    try {
      await gotoHydrated(page, `/en/user/verify-email?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}&apiKey=demo-api-key&lang=en`)
      await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor()
      await expectNoSecretAndNoThirdParties(page, oobCode, thirdPartyRequests)

      // Reloaded without the code in its address, the page still has it (this tab kept it).
      await page.reload({ waitUntil: 'load' })
      await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor()
      await expectNoSecretAndNoThirdParties(page, oobCode, thirdPartyRequests)
      await page.getByLabel('New password', { exact: true }).fill('a-new-Secret-2026')
      await page.getByRole('button', { name: 'Save my new password' }).click()
      await page.getByText('Your new password is saved. You can sign in with it now.').first().waitFor()
      expect(await idTokenOf({ email: member.email, password: 'a-new-Secret-2026' })).toBeTruthy()
      expect(thirdPartyRequests()).toBe(0)
    } finally {
      await context.close()
    }
  })
})

describe('a brand invitation link', () => {
  let invitee: TestMember
  let link: URL

  beforeAll(async () => {
    const admin = await createConfirmedMember('Ada Secrets')
    expect(await operatorCommand({ command: 'staff-grant', email: admin.email, role: 'admin' })).toMatchObject({ changed: true })
    await giveAuthenticator(admin)
    invitee = await createConfirmedMember('Ivy Invited')
    const adminToken = await idTokenOf(admin)
    const pass = await secondFactorPassOf(adminToken, admin)
    const brands = (await asMember(adminToken, 'GET', 'ops/v1/brands', undefined, pass)) as unknown as { items: { id: string; name: string }[] }
    const brand = brands.items.find((item) => item.name === BRAND)
    expect(brand).toBeDefined()
    await asMember(adminToken, 'POST', `ops/v1/brands/${brand!.id}/invitations`, { email: invitee.email }, pass)
    const [message] = await emailsTo(invitee.email, 1)
    link = new URL(/https?:\/\/\S+\/en\/join-brand\?token=[A-Za-z0-9_-]{43}/.exec(message?.body ?? '')![0])
  })

  it('leaves the address bar at once, sends to sign-in with no token in any address, and is accepted on return', async () => {
    const token = link.searchParams.get('token')!
    const { context, page, thirdPartyRequests } = await pageWithStandIns()
    try {
      // Signed out: the page keeps the invitation for this tab and offers to sign in.
      await gotoHydrated(page, `${link.pathname}${link.search}`)
      await page.getByRole('heading', { name: 'Sign in to accept your invitation', level: 1 }).waitFor()
      await expectNoSecretAndNoThirdParties(page, token, thirdPartyRequests)

      await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/en/user/login')
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/en/join-brand')
      // The sign-in page is open to the chat and analytics: they run there, with no token to read.
      await page.waitForFunction(() => document.documentElement.dataset.thirdParties === 'running')
      await page.getByLabel('E-mail address').fill(invitee.email)
      await page.getByLabel('Password', { exact: true }).fill(invitee.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()

      // Back on the invitation page, loaded afresh so that nothing of the chat or analytics comes along.
      await page.waitForURL((url) => url.pathname === '/en/join-brand')
      await page.getByRole('heading', { name: `Follow ${BRAND} on Testers Circle`, level: 1 }).waitFor()
      const sofar = thirdPartyRequests()
      await expectNoSecretAndNoThirdParties(page, token, thirdPartyRequests, sofar)
      await page.getByRole('button', { name: `Accept and follow ${BRAND}` }).click()
      // The brand pages ask a new brand user to set up a second step first, on a page closed to them too.
      await page.waitForURL((url) => url.pathname === '/en/second-factor' && url.searchParams.get('redirect') === '/en/brand')
      await page.getByRole('heading', { name: 'Two-step sign-in', level: 1 }).waitFor()
      expect(await page.evaluate(() => 'Intercom' in window || 'dataLayer' in window)).toBe(false)
      expect(thirdPartyRequests()).toBe(sofar)
    } finally {
      await context.close()
    }
  })

  it('refuses a sign-in page whose redirect carries a token: the same page without it', async () => {
    const { context, page } = await pageWithStandIns()
    try {
      const answer = await page.goto(`/en/user/login?redirect=${encodeURIComponent(`${link.pathname}${link.search}`)}`, { waitUntil: 'load' })
      expect(answer?.ok()).toBe(true)
      const url = new URL(page.url())
      expect(url.pathname).toBe('/en/user/login')
      expect(url.searchParams.get('redirect')).toBe('/en/join-brand')
      expect(page.url()).not.toContain(link.searchParams.get('token')!)
    } finally {
      await context.close()
    }
  })
})

describe('an unsubscribe link', () => {
  let linkPath: string
  let token: string

  beforeAll(async () => {
    const member = await createMember('Uma Unsub')
    const idToken = await idTokenOf(member)
    await asMember(idToken, 'PUT', 'logistics/v1/members/address', {
      name: 'Uma Unsub',
      line1: uniqueStreet(),
      postalCode: '10119',
      city: 'Berlin',
      country: 'DE',
    })
    const campaign = await callSuite('GET', `suite/api/public/campaigns/${OPEN}`)
    const participation = await asMember(idToken, 'POST', 'logistics/v1/campaigns/process_signup', {
      campaignId: campaign.id,
      answers: [
        { questionId: 'coffee-style', answer: 'Iced' },
        { questionId: 'cups', answer: '2–3' },
      ],
    })
    await operatorCommand({ command: 'ship', id: participation.id, carrier: 'DHL', tracking: 'JD014600998877' })
    const shipped = (await emailsTo(member.email, 10)).find((m) => m.template === 'shipment-shipped')
    // The token of the List-Unsubscribe header is the one the body's link to the page carries.
    const oneClick = /^<([^>]+)>$/.exec(shipped?.headers['List-Unsubscribe'] ?? '')![1]!
    token = new URL(oneClick).searchParams.get('token')!
    expect(shipped!.body).toContain(`/en/unsubscribe?token=${encodeURIComponent(token)}`)
    linkPath = `/en/unsubscribe?token=${encodeURIComponent(token)}`
  })

  it('leaves the address bar at once, keeps no third party on the page, and still unsubscribes after a reload', async () => {
    const { context, page, thirdPartyRequests } = await pageWithStandIns()
    try {
      await gotoHydrated(page, linkPath)
      await page.getByRole('heading', { name: 'Stop shipment updates by e-mail', level: 1 }).waitFor()
      await expectNoSecretAndNoThirdParties(page, token, thirdPartyRequests)

      await page.reload({ waitUntil: 'load' })
      await page.getByRole('heading', { name: 'Stop shipment updates by e-mail', level: 1 }).waitFor()
      await expectNoSecretAndNoThirdParties(page, token, thirdPartyRequests)
      await page.getByRole('button', { name: 'Stop these e-mails' }).click()
      await page.getByRole('heading', { name: 'Shipment updates by e-mail are off', level: 1 }).waitFor()
      expect(thirdPartyRequests()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
