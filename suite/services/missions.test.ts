// Missions are credited by the change that completes them, in its transaction: the member API's
// balance is right straight after the change, with no page having to be read first.
import { getAuth } from 'firebase-admin/auth'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberReviewSchema } from '../../contract/content'
import { MemberInfoSchema, MemberSchema, MemberSummarySchema } from '../../contract/members'
import { ParticipationSchema } from '../../contract/participations'
import { MissionsResultSchema } from '../../contract/rewards'
import {
  ACK_QUESTIONNAIRE_PATH,
  ADDRESS_PATH,
  API_MEMBER_PATH,
  FLIGHT_REVIEW_PATH,
  MEMBERS_PATH,
  MEMBER_INFO_PATH,
  MISSIONS_PATH,
  PROCESS_SIGNUP_PATH,
  SOCIAL_PROFILES_PATH,
  UPDATE_PROFILE_PATH,
} from '../../contract/paths'
import { ledgerEntries } from '../db/schema'
import { initFirebase } from '../identity/identity'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember, projectId, refreshToken, type TestMember } from '../test/members'
import { approveReview, deliver, ship } from './operations'
import { commandLineActor } from '../actors/actor'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

const info = async (member: TestMember) => expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: member.bearer }), MemberInfoSchema)

async function missionEntries(memberId: string, key: string) {
  return h.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), like(ledgerEntries.idempotencyKey, `mission:${key}%`)))
}

describe('missions are credited when the event happens', () => {
  it('verify-email: by the first credential that says verified; an older credential does not undo it', async () => {
    const ada = await createTestMember()
    const before = await info(ada)
    expect(before.member).toMatchObject({ emailVerified: false, pointsBalance: 0 })

    await getAuth(initFirebase(projectId())).updateUser(ada.uid, { emailVerified: true })
    const fresh = await refreshToken(ada)
    // The balance is right on the very next call, without reading the missions first.
    expect((await info(fresh)).member).toMatchObject({ emailVerified: true, pointsBalance: 25 })
    // A session opened before the verification still says "unverified": the record stays verified.
    expect((await info(ada)).member).toMatchObject({ emailVerified: true, pointsBalance: 25 })
    expect(await missionEntries(before.member.id, 'verify-email')).toHaveLength(1)
    // Every read of the member says the same balance.
    expect(expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: fresh.bearer }), MemberSchema)).toMatchObject({
      emailVerified: true,
      pointsBalance: 25,
      hasAddress: false,
    })
    expect(expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: fresh.bearer }), MemberSummarySchema).pointsBalance).toBe(25)
  })

  it('complete-profile: by the change that completes it, once however often it is repeated', async () => {
    const bob = await createTestMember({ displayName: 'Bob Byte' })
    const profile = { birthDate: '1990-04-01', languages: ['en'], preferences: { interests: ['kitchen'], children: 0, pets: [] } }
    expectOk(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: bob.bearer, body: profile }), MemberSchema)
    // Everything but the address: not complete yet.
    expect((await info(bob)).member.pointsBalance).toBe(0)
    await call(h.app, 'PUT', ADDRESS_PATH, { token: bob.bearer, body: GOOD_ADDRESS })
    const { member } = await info(bob)
    expect(member.pointsBalance).toBe(50)
    await call(h.app, 'PUT', ADDRESS_PATH, { token: bob.bearer, body: { ...GOOD_ADDRESS, city: 'Potsdam' } })
    expectOk(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: bob.bearer, body: profile }), MemberSchema)
    expect((await info(bob)).member.pointsBalance).toBe(50)
    expect(await missionEntries(member.id, 'complete-profile')).toHaveLength(1)
  })

  it('connect-social: concurrent saves credit it once', async () => {
    const cy = await createTestMember()
    const platforms = ['instagram', 'tiktok', 'youtube', 'pinterest'] as const
    await Promise.all(
      platforms.map((platform) => call(h.app, 'PUT', SOCIAL_PROFILES_PATH, { token: cy.bearer, body: { platform, handle: `cy_${platform}`, followers: 10 } })),
    )
    const { member } = await info(cy)
    expect(member.pointsBalance).toBe(25)
    expect(await missionEntries(member.id, 'connect-social')).toHaveLength(1)
  })

  it('first-test: only when every task the campaign sets is done, not at the review approval alone', async () => {
    const dee = await createTestMember()
    const referred = await createTestMember()
    const deeMember = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: dee.bearer }), MemberSchema)
    expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, { token: referred.bearer, body: { firstName: 'Rae', lastName: 'Ferd', referralCode: deeMember.referralCode } }),
      MemberSchema,
      201,
    )
    await call(h.app, 'PUT', ADDRESS_PATH, { token: referred.bearer, body: GOOD_ADDRESS })
    const c = await createCampaign(h.deps.db, h.clock.now(), { tasks: { questionnaire: true, social: false } })
    const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: referred.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    await ship(h.deps, p.id, 'UPS', '1Z1', commandLineActor())
    await deliver(h.deps, p.id, commandLineActor())
    const review = expectOk(
      await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
        token: referred.bearer,
        body: {
          participationId: p.id,
          rating: 4,
          title: 'Does the job',
          body: 'Three weeks of daily use and it still works as on the first day, no complaints.',
          receivedForFree: true,
        },
      }),
      MemberReviewSchema,
      201,
    )
    await approveReview(h.deps, review.id, commandLineActor())
    const afterApproval = expectOk(await call(h.app, 'GET', MISSIONS_PATH, { token: referred.bearer }), MissionsResultSchema)
    expect(afterApproval.missions.find((m) => m.key === 'write-review')).toMatchObject({ completed: true })
    expect(afterApproval.missions.find((m) => m.key === 'first-test')).toMatchObject({ completed: false })
    expect((await info(dee)).member.pointsBalance).toBe(0)

    // The questionnaire was the last task: the test completes, in the same step as its credits.
    const done = expectOk(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: referred.bearer, body: { participationId: p.id } }), ParticipationSchema)
    expect(done.status).toBe('completed')
    const missions = expectOk(await call(h.app, 'GET', MISSIONS_PATH, { token: referred.bearer }), MissionsResultSchema)
    expect(missions.missions.find((m) => m.key === 'first-test')).toMatchObject({ completed: true, pointsEarned: 100 })
    // The header's balance (member_info) and the missions page's agree.
    expect((await info(referred)).member.pointsBalance).toBe(missions.balance)
    // The referrer's friend finished a test: their mission is credited at that moment too.
    expect((await info(dee)).member.pointsBalance).toBe(100)
    // Acknowledging again changes nothing.
    expectOk(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: referred.bearer, body: { participationId: p.id } }), ParticipationSchema)
    expect((await info(referred)).member.pointsBalance).toBe(missions.balance)
  })
})
