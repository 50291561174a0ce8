// A member's standing from their record, a campaign that asks for a tier, and a full flight's
// waitlist served by standing, then by order of sign-up.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignEligibilityListSchema } from '../../contract/campaigns'
import { ParticipationSchema } from '../../contract/participations'
import {
  ADDRESS_PATH,
  CAMPAIGN_ELIGIBILITY_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  MEMBERS_PATH,
  PROCESS_SIGNUP_PATH,
  STANDING_PATH,
  fillPath,
} from '../../contract/paths'
import { StandingSchema } from '../../contract/standing'
import { members, participations, reviews } from '../db/schema'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

const DAY = 24 * 60 * 60 * 1000

/** A member with a saved address (their record created by the first call). */
async function newMember(): Promise<TestMember & { id: string }> {
  const m = await createTestMember()
  await call(h.app, 'GET', MEMBERS_PATH, { token: m.bearer })
  await call(h.app, 'PUT', ADDRESS_PATH, { token: m.bearer, body: GOOD_ADDRESS })
  const [row] = await h.deps.db.select({ id: members.id }).from(members).where(eq(members.uid, m.uid))
  return { ...m, id: row!.id }
}

type Past = 'on-time' | 'late' | 'missing' | 'withdrawn-after-selection' | 'withdrawn-before-selection'

/** A past test of the member, written as the member API would have left it (its review due 10 days ago). */
async function pastTest(memberId: string, how: Past, options: { reviewPublished?: boolean; social?: boolean } = {}) {
  const c = await createCampaign(h.deps.db, h.clock.now(), { phase: 'completed' })
  const due = new Date(h.clock.now().getTime() - 10 * DAY)
  const at = (days: number) => new Date(due.getTime() + days * DAY)
  const selectedAt = how === 'withdrawn-before-selection' ? null : at(-20)
  const reviewSubmittedAt = how === 'on-time' ? at(-1) : how === 'late' ? at(2) : null
  const status = how.startsWith('withdrawn') ? 'withdrawn' : how === 'missing' ? 'delivered' : 'completed'
  const [p] = await h.deps.db
    .insert(participations)
    .values({
      memberId,
      campaignId: c.campaignId,
      flightId: c.flightId,
      status,
      appliedAt: at(-30),
      selectedAt,
      withdrawnAt: status === 'withdrawn' ? at(-15) : null,
      completedAt: status === 'completed' ? at(3) : null,
      reviewSubmittedAt,
      socialSubmittedAt: options.social ? at(-2) : null,
      updatedAt: at(3),
    })
    .returning()
  if (reviewSubmittedAt) {
    await h.deps.db.insert(reviews).values({
      participationId: p!.id,
      memberId,
      campaignId: c.campaignId,
      productId: c.productId,
      rating: 4,
      title: 'Good',
      body: 'A good product, tested for a week.',
      receivedForFree: true,
      status: options.reviewPublished ? 'published' : 'rejected',
      submittedAt: reviewSubmittedAt,
      publishedAt: options.reviewPublished ? at(3) : null,
    })
  }
}

const standingOf = async (m: TestMember) => expectOk(await call(h.app, 'GET', STANDING_PATH, { token: m.bearer }), StandingSchema)

describe('standing', () => {
  it('counts what the member’s record holds, for and against', async () => {
    const m = await newMember()
    expect(await standingOf(m)).toEqual({
      score: 0,
      tier: 'newcomer',
      counts: { completedOnTime: 0, reviewApproved: 0, socialTaskDone: 0, withdrawnAfterSelection: 0, missedDeadline: 0 },
      next: { tier: 'tester', minScore: 10, pointsToGo: 10 },
    })
    await pastTest(m.id, 'on-time', { reviewPublished: true, social: true })
    await pastTest(m.id, 'on-time', { reviewPublished: true })
    await pastTest(m.id, 'late', { reviewPublished: true })
    await pastTest(m.id, 'missing')
    await pastTest(m.id, 'withdrawn-after-selection')
    await pastTest(m.id, 'withdrawn-before-selection')
    // 2 × 10 on time + 3 × 5 approved + 3 social − 10 withdrawn after selection − 2 × 15 late or missing
    expect(await standingOf(m)).toMatchObject({
      score: -2,
      tier: 'newcomer',
      counts: { completedOnTime: 2, reviewApproved: 3, socialTaskDone: 1, withdrawnAfterSelection: 1, missedDeadline: 2 },
    })
  })

  it('keeps a member below a campaign’s tier out, with the reason, and lets them in once they reach it', async () => {
    const m = await newMember()
    const c = await createCampaign(h.deps.db, h.clock.now(), { eligibility: { minTier: 'tester' } })
    const eligibility = async () =>
      expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: m.bearer, query: { campaignId: c.campaignId } }), CampaignEligibilityListSchema)
        .items[0]
    expect(await eligibility()).toMatchObject({ eligible: false, reasons: [{ code: 'tier', minTier: 'tester' }] })
    const refused = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: m.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    expect(refused).toMatchObject({ status: 'not-eligible', ineligibleReasons: [{ code: 'tier', minTier: 'tester' }] })

    await pastTest(m.id, 'on-time')
    expect(await eligibility()).toMatchObject({ eligible: true, reasons: [] })
    const again = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: m.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema)
    expect(again.status).toBe('selected')
  })

  it('serves a full flight’s waitlist by standing at sign-up, and among equals by order of sign-up', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    const [first, newcomer, testerEarly, testerLate] = await Promise.all([newMember(), newMember(), newMember(), newMember()])
    for (const m of [testerEarly, testerLate]) await pastTest(m.id, 'on-time')
    const signUp = async (m: TestMember) =>
      expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: m.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    const taken = await signUp(first)
    expect(taken.status).toBe('selected')
    const waiting = new Map<TestMember, string>()
    for (const m of [newcomer, testerEarly, testerLate]) waiting.set(m, (await signUp(m)).id)
    const place = async (m: TestMember) =>
      expectOk(
        await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: waiting.get(m)! }), { token: m.bearer }),
        ParticipationSchema,
      )
    expect(await Promise.all([testerEarly, testerLate, newcomer].map(async (m) => (await place(m)).waitlistPosition))).toEqual([1, 2, 3])

    await call(h.app, 'PATCH', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: taken.id }), {
      token: first.bearer,
      body: { action: 'withdraw' },
    })
    // The tie between the two testers goes to the earlier sign-up; the newcomer, earliest of all, waits.
    expect((await place(testerEarly)).status).toBe('selected')
    expect(await place(testerLate)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })
    expect(await place(newcomer)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 })
  })
})
