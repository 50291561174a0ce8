import { jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  IntercomTokenResultSchema,
  MissionsResultSchema,
  PointsResultSchema,
  RedeemResultSchema,
  RedemptionsResultSchema,
  RewardsResultSchema,
} from '../../contract/rewards'
import { DISCOUNT_CODE_PATH, INTERCOM_TOKEN_PATH, MISSIONS_PATH, POINTS_PATH, REWARDS_PATH } from '../../contract/paths'
import { eq } from 'drizzle-orm'
import { createSuiteApp } from '../app'
import { redemptions } from '../db/schema'
import { credit, pointsBalance } from '../services/ledger'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { API_MEMBER_PATH } from '../../contract/paths'
import { MemberSummarySchema } from '../../contract/members'

let h: Harness
let ada: TestMember
let bob: TestMember
beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember({ emailVerified: true }), createTestMember()])
})
afterAll(() => h?.close())

describe('missions and points', () => {
  it('credits completed missions once', async () => {
    const first = expectOk(await call(h.app, 'GET', MISSIONS_PATH, { token: ada.bearer }), MissionsResultSchema)
    expect(first.missions.find((m) => m.key === 'verify-email')).toMatchObject({ completed: true, pointsEarned: 25 })
    expect(first.balance).toBe(25)
    const again = expectOk(await call(h.app, 'GET', MISSIONS_PATH, { token: ada.bearer }), MissionsResultSchema)
    expect(again.balance).toBe(25)
    const points = expectOk(await call(h.app, 'GET', POINTS_PATH, { token: ada.bearer }), PointsResultSchema)
    expect(points.entries).toMatchObject([{ kind: 'credit', points: 25, reason: 'Mission: Verify your e-mail' }])
    expectError(await call(h.app, 'GET', MISSIONS_PATH), 'UNAUTHENTICATED', 401)
  })
})

describe('rewards', () => {
  it('redeems points for a code: never twice for one request, never below zero', async () => {
    const summary = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: ada.bearer }), MemberSummarySchema)
    await credit(h.deps.db, summary.id, { points: 1000, reason: 'Test credit', key: 'test-credit' }, h.clock.now())
    const catalogue = expectOk(await call(h.app, 'GET', REWARDS_PATH, { token: ada.bearer }), RewardsResultSchema)
    expect(catalogue.balance).toBe(1025)

    const requestId = crypto.randomUUID()
    const first = expectOk(
      await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: ada.bearer, body: { rewardId: 'voucher-10', requestId } }),
      RedeemResultSchema,
      201,
    )
    expect(first.balance).toBe(125)
    expect(first.redemption.code).toMatch(/^TC-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    const repeat = expectOk(
      await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: ada.bearer, body: { rewardId: 'voucher-10', requestId } }),
      RedeemResultSchema,
    )
    expect(repeat.redemption.code).toBe(first.redemption.code)
    expect(repeat.balance).toBe(125)

    const poor = expectError(
      await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: ada.bearer, body: { rewardId: 'voucher-5', requestId: crypto.randomUUID() } }),
      'CONFLICT',
      409,
    )
    expect(poor.message).toMatch(/Not enough points/)
    expectError(
      await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: ada.bearer, body: { rewardId: 'voucher-1000', requestId: crypto.randomUUID() } }),
      'BAD_REQUEST',
      400,
    )
    expectError(await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: ada.bearer, body: { rewardId: 'voucher-5' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', DISCOUNT_CODE_PATH, { body: { rewardId: 'voucher-5', requestId: crypto.randomUUID() } }), 'UNAUTHENTICATED', 401)
    // The same request id from another member is their own request.
    expectError(await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: bob.bearer, body: { rewardId: 'voucher-10', requestId } }), 'CONFLICT', 409)

    expect(expectOk(await call(h.app, 'GET', DISCOUNT_CODE_PATH, { token: ada.bearer }), RedemptionsResultSchema).redemptions).toHaveLength(1)
    expect(expectOk(await call(h.app, 'GET', DISCOUNT_CODE_PATH, { token: bob.bearer }), RedemptionsResultSchema).redemptions).toHaveLength(0)
    expect(expectOk(await call(h.app, 'GET', POINTS_PATH, { token: ada.bearer }), PointsResultSchema).balance).toBe(125)
  })
})

describe('chat widget token', () => {
  it('signs an HS256 JWT with the member id, e-mail and expiry', async () => {
    const { token } = expectOk(await call(h.app, 'POST', INTERCOM_TOKEN_PATH, { token: ada.bearer }), IntercomTokenResultSchema)
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(h.deps.settings.intercomSecret), { currentDate: h.clock.now() })
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload).toMatchObject({ user_id: ada.uid, email: ada.email })
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600)
    expectError(await call(h.app, 'POST', INTERCOM_TOKEN_PATH, { token: ada.bearer, body: { userId: 'someone-else' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', INTERCOM_TOKEN_PATH), 'UNAUTHENTICATED', 401)
  })
})

describe('when the shop is slow or refuses', () => {
  it('holds no transaction while it waits: other calls answer, and a code that does not come releases the points', async () => {
    const carol = await createTestMember()
    const summary = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: carol.bearer }), MemberSummarySchema)
    await credit(h.deps.db, summary.id, { points: 600, reason: 'Test credit', key: 'test-credit' }, h.clock.now())
    const before = await pointsBalance(h.deps.db, summary.id)
    let asked = 0
    // The shop stand-in says when it is asked (the points are reserved by then) and keeps the signal
    // that tells it when the member API gives up waiting.
    let waiting: AbortSignal | undefined
    let shopAsked!: () => void
    const askedOnce = new Promise<void>((resolve) => (shopAsked = resolve))
    const hanging = createSuiteApp({
      ...h.deps,
      // Long enough for the other call to answer while the shop is still waited for, however busy the machine.
      discountCodeTimeoutMs: 8000,
      discountCodes: {
        issue: ({ signal }) => {
          asked++
          waiting = signal
          shopAsked()
          return new Promise<string>(() => {})
        },
      },
    })
    const redemption = call(hanging, 'POST', DISCOUNT_CODE_PATH, { token: carol.bearer, body: { rewardId: 'voucher-5', requestId: crypto.randomUUID() } })
    // While the shop hangs, the same member's other calls answer (on PGlite one connection serves
    // everything): the other call ends before the redemption does, and before the shop is given up on.
    await askedOnce
    const other = call(hanging, 'GET', API_MEMBER_PATH, { token: carol.bearer }).then((result) => ({ result, shopStillWaitedFor: waiting?.aborted === false }))
    const first = await Promise.race([other.then(() => 'other call'), redemption.then(() => 'redemption')])
    expect(first).toBe('other call')
    const { result, shopStillWaitedFor } = await other
    expectOk(result, MemberSummarySchema)
    expect(shopStillWaitedFor).toBe(true)
    const refused = await redemption
    expectError(refused, 'UNAVAILABLE', 503)
    expect(asked).toBe(1)
    expect(await pointsBalance(h.deps.db, summary.id)).toBe(before)
    expect((await h.deps.db.select().from(redemptions).where(eq(redemptions.memberId, summary.id))).length).toBe(0)
  }, 180_000)

  it('gives the points back when the shop refuses, and the next try redeems', async () => {
    const dan = await createTestMember()
    const summary = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: dan.bearer }), MemberSummarySchema)
    await credit(h.deps.db, summary.id, { points: 600, reason: 'Test credit', key: 'test-credit' }, h.clock.now())
    const before = await pointsBalance(h.deps.db, summary.id)
    const refusing = createSuiteApp({ ...h.deps, discountCodes: { issue: async () => Promise.reject(new Error('Shopify refused')) } })
    const requestId = crypto.randomUUID()
    expectError(await call(refusing, 'POST', DISCOUNT_CODE_PATH, { token: dan.bearer, body: { rewardId: 'voucher-5', requestId } }), 'UNAVAILABLE', 503)
    expect(await pointsBalance(h.deps.db, summary.id)).toBe(before)
    // The same request, retried when the shop answers again, redeems once.
    const done = expectOk(
      await call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: dan.bearer, body: { rewardId: 'voucher-5', requestId } }),
      RedeemResultSchema,
      201,
    )
    expect(done.balance).toBe(before - 500)
  })
})
