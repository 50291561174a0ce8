import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignPageSchema, ReviewPageSchema } from '../../contract/campaigns'
import { MemberInfoSchema } from '../../contract/members'
import { ParticipationListSchema, ShipmentsResultSchema } from '../../contract/participations'
import { MissionsResultSchema } from '../../contract/rewards'
import {
  MEMBER_INFO_PATH,
  MISSIONS_PATH,
  PARTICIPATIONS_PATH,
  PUBLIC_CAMPAIGNS_PATH,
  PUBLIC_REVIEWS_PATH,
  SHIPMENTS_PATH,
  OPS_SELF_PATH,
} from '../../contract/paths'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { generate } from 'otplib'
import { SECOND_FACTOR_PASS_HEADER, SecondFactorPassSchema, SecondFactorStatusSchema, TOTP_PERIOD_SECONDS } from '../../contract/second-factor'
import { projectId, signIn } from '../test/members'
import { getAuth } from 'firebase-admin/auth'
import { initFirebase } from '../identity/identity'
import { DEMO_BRAND_VIEWER, DEMO_MEMBER, DEMO_STAFF } from './catalogue'
import { CAPABILITIES, ROLES, StaffSelfSchema } from '../../contract/staff'
import { seedDemoData } from './seed'
import { invariantViolations } from './invariants'
import { eq } from 'drizzle-orm'
import { BrandCampaignListSchema, BrandSelfSchema } from '../../contract/brands'
import { ENDPOINTS } from '../../contract/endpoints'
import { addresses, campaigns, products, shipments } from '../db/schema'

let h: Harness
let token: string
beforeAll(async () => {
  h = await createHarness()
  const first = await seedDemoData(h.deps)
  expect(first.seeded).toBe(true)
  const second = await seedDemoData(h.deps)
  expect(second).toMatchObject({ seeded: false, demo: 'present' })
  token = await signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)
}, 180_000)
afterAll(() => h?.close())

describe('demo data', () => {
  it('holds only states the services could have made (every rule of invariants.ts, over all of it)', async () => {
    expect(await invariantViolations(h.deps.db)).toEqual([])
  })

  it('gives every parcel waiting to ship an address to go to', async () => {
    const waiting = await h.deps.db
      .select({ id: shipments.id, country: addresses.country })
      .from(shipments)
      .leftJoin(addresses, eq(addresses.memberId, shipments.memberId))
      .where(eq(shipments.status, 'pending'))
    expect(waiting.length).toBeGreaterThan(0)
    expect(waiting.filter((parcel) => parcel.country === null)).toEqual([])
  })

  it('has campaigns across phases and categories, with images, and 30+ published reviews', async () => {
    const all = expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { pageSize: '50' } }), CampaignPageSchema)
    expect(all.total).toBeGreaterThanOrEqual(8)
    expect(new Set(all.items.map((c) => c.phase))).toEqual(new Set(['upcoming', 'open', 'testing', 'completed']))
    expect(new Set(all.items.map((c) => c.category)).size).toBeGreaterThanOrEqual(8)
    const open = all.items.filter((c) => c.phase === 'open')
    expect(open.some((c) => c.placesLeft === 0)).toBe(true)
    expect(open.some((c) => c.placesLeft > 0)).toBe(true)
    // Each picture went through the product image pipeline: a JPEG served by the member API.
    for (const c of all.items) {
      const image = await h.app.request(c.imageUrl)
      expect(image.headers.get('content-type')).toMatch(/^image\/jpeg/)
      expect([...new Uint8Array(await image.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    }
    expect(expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH), ReviewPageSchema).total).toBeGreaterThanOrEqual(30)
  })

  it('has a demo member who signs in with the documented password and has a full account', async () => {
    const info = expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token }), MemberInfoSchema)
    expect(info.member).toMatchObject({ email: DEMO_MEMBER.email, emailVerified: true, hasAddress: true })
    expect(info.member.pointsBalance).toBeGreaterThan(500)
    const statuses = expectOk(await call(h.app, 'GET', PARTICIPATIONS_PATH, { token }), ParticipationListSchema).items.map((p) => p.status)
    expect(new Set(statuses)).toEqual(new Set(['completed', 'delivered', 'shipped', 'waitlisted']))
    const shipments = expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token }), ShipmentsResultSchema).shipments
    expect(shipments.map((s) => s.status).sort()).toEqual(['delivered', 'delivered', 'shipped'])
    const missions = expectOk(await call(h.app, 'GET', MISSIONS_PATH, { token }), MissionsResultSchema)
    expect(missions.missions.filter((m) => m.completed).map((m) => m.key)).toEqual(
      expect.arrayContaining(['complete-profile', 'verify-email', 'connect-social', 'first-test', 'write-review', 'refer-friend']),
    )
  })
})

/**
 * Signs in with the documented password and passes the second factor with a code of the documented
 * authenticator key, as someone trying local mode does: the pass header to send.
 */
async function signInWithAuthenticator(account: { email: string; password: string; authenticatorKey: string }) {
  const token = await signIn(account.email, account.password)
  const status = expectOk(await call(h.app, 'GET', ENDPOINTS.secondFactorStatus.path, { token }), SecondFactorStatusSchema)
  expect(status).toMatchObject({ required: true, passed: false, factors: [{ kind: 'totp' }] })
  // The code shown now; when an earlier test of this file used it, the next one (taken a period early).
  for (const periods of [0, 1]) {
    const code = await generate({ secret: account.authenticatorKey, epoch: Math.floor(h.clock.now().getTime() / 1000) + periods * TOTP_PERIOD_SECONDS })
    const answer = await call(h.app, 'POST', ENDPOINTS.verifySecondFactor.path, { token, body: { method: 'totp', code } })
    if (answer.status === 200) return { token, headers: { [SECOND_FACTOR_PASS_HEADER]: expectOk(answer, SecondFactorPassSchema).pass } }
  }
  throw new Error(`${account.email}: two codes in a row were used already`)
}

describe('demo staff', () => {
  it('signs in with the documented password and authenticator key, and holds every console role', async () => {
    const { token: staffToken, headers } = await signInWithAuthenticator(DEMO_STAFF)
    const me = expectOk(await call(h.app, 'GET', OPS_SELF_PATH, { token: staffToken, headers }), StaffSelfSchema)
    expect(me.roles.sort()).toEqual([...ROLES].sort())
    expect(me.capabilities).toEqual([...CAPABILITIES])
  })
})

describe('demo accounts made before the console asked for a confirmed address', () => {
  it('are confirmed by the next seed, so the console and the brand pages still open for them', async () => {
    const auth = getAuth(initFirebase(projectId()))
    for (const { email } of [DEMO_STAFF, DEMO_BRAND_VIEWER]) await auth.updateUser((await auth.getUserByEmail(email)).uid, { emailVerified: false })
    expect(await call(h.app, 'GET', OPS_SELF_PATH, { token: await signIn(DEMO_STAFF.email, DEMO_STAFF.password) })).toMatchObject({ status: 403 })
    await seedDemoData(h.deps)
    const staff = await signInWithAuthenticator(DEMO_STAFF)
    expectOk(await call(h.app, 'GET', OPS_SELF_PATH, staff), StaffSelfSchema)
    const brand = await signInWithAuthenticator(DEMO_BRAND_VIEWER)
    expectOk(await call(h.app, 'GET', ENDPOINTS.brandSelf.path, brand), BrandSelfSchema)
  })
})

describe('demo brand viewer', () => {
  it("signs in with the documented password and authenticator key, and sees its brand's campaigns only", async () => {
    const { token, headers } = await signInWithAuthenticator(DEMO_BRAND_VIEWER)
    const list = expectOk(await call(h.app, 'GET', ENDPOINTS.brandCampaigns.path, { token, headers }), BrandCampaignListSchema)
    expect(list.brand.name).toBe(DEMO_BRAND_VIEWER.brand)
    expect(list.items.length).toBeGreaterThan(0)
    const all = await h.deps.db.select({ id: campaigns.id, brand: products.brand }).from(campaigns).innerJoin(products, eq(products.id, campaigns.productId))
    const own = new Set(all.filter((row) => row.brand === DEMO_BRAND_VIEWER.brand).map((row) => row.id))
    for (const item of list.items) expect(own).toContain(item.id)
  })
})
