// Suspending a member: support suspends and lifts (audited, told by e-mail); suspending releases the
// member's places; a suspended member keeps reading, exporting and deleting their data but cannot
// apply, be selected, post or redeem; a suspension past its date stops counting by itself.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignEligibilityListSchema } from '../../contract/campaigns'
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints'
import { MemberInfoSchema } from '../../contract/members'
import { MemberSearchResultSchema, OpsMemberSchema } from '../../contract/ops-members'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, CAMPAIGN_ELIGIBILITY_PATH, fillPath, MEMBER_INFO_PATH, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { LiftResultSchema, SuspendResultSchema, type SuspendBody } from '../../contract/suspension'
import { auditLog, participations, shipments, suspensions } from '../db/schema'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, tokenSignedInAt, type TestMember } from '../test/members'
import { messagesTo } from '../test/outbox'
import { createTestStaff } from '../test/staff'

let h: Harness
let support: TestMember
let campaignManager: TestMember

beforeAll(async () => {
  h = await createHarness()
  ;[support, campaignManager] = await Promise.all([createTestStaff(h.deps.db, ['support']), createTestStaff(h.deps.db, ['campaign-manager'])])
})
afterAll(() => h?.close())

/** A member with a saved address. */
async function memberWithAddress(name: string) {
  const member = await createTestMember({ displayName: name })
  expectOk(await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: { ...GOOD_ADDRESS, name } }), ENDPOINTS.putAddress.data)
  const info = expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: member.bearer }), MemberInfoSchema)
  return { ...member, memberId: info.member.id }
}

const signUp = (member: TestMember, campaign: CampaignFixture) =>
  call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } })
const suspend = (memberId: string, body: SuspendBody, token = support.bearer) =>
  call(h.app, 'POST', fillPath(ENDPOINTS.opsSuspendMember.path, { id: memberId }), { token, body })
const lift = (memberId: string) => call(h.app, 'POST', fillPath(ENDPOINTS.opsLiftSuspension.path, { id: memberId }), { token: support.bearer, body: {} })
const statusOf = async (participationId: string) =>
  (await h.deps.db.select({ status: participations.status }).from(participations).where(eq(participations.id, participationId)))[0]?.status
const auditOf = (memberId: string) => h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, memberId))
const infoOf = async (member: TestMember) => expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: member.bearer }), MemberInfoSchema)

describe('suspending a member', () => {
  it('releases their places to the waitlist, keeps a shipped test theirs, is audited and told; lifting it restores them', async () => {
    const full = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    const other = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    const shippedCampaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 5 })
    const ada = await memberWithAddress('Ada Suspended')
    const next = await memberWithAddress('Next In Line')
    const first = await memberWithAddress('First Elsewhere')

    // Ada holds the only place of one flight (Next waits behind her), waits in another, and has a test shipped.
    const place = expectOk(await signUp(ada, full), ParticipationSchema, 201)
    const waiting = expectOk(await signUp(next, full), ParticipationSchema, 201)
    expectOk(await signUp(first, other), ParticipationSchema, 201)
    const waitlisted = expectOk(await signUp(ada, other), ParticipationSchema, 201)
    const shipped = expectOk(await signUp(ada, shippedCampaign), ParticipationSchema, 201)
    expect([place.status, waiting.status, waitlisted.status, shipped.status]).toEqual(['selected', 'waitlisted', 'waitlisted', 'selected'])
    await h.deps.db.update(participations).set({ status: 'shipped' }).where(eq(participations.id, shipped.id))
    await h.deps.db
      .update(shipments)
      .set({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001', shippedAt: h.clock.now() })
      .where(eq(shipments.participationId, shipped.id))

    const until = new Date(h.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000).toISOString()
    const done = expectOk(await suspend(ada.memberId, { reason: 'false-review', note: 'Copied from another site.', until }), SuspendResultSchema)
    expect(done).toMatchObject({ released: 2, suspension: { reason: 'false-review', note: 'Copied from another site.', until, inForce: true, liftedAt: null } })

    // The place went to the next waitlisted member, as a withdrawal's does; the shipped test stays.
    expect(await statusOf(place.id)).toBe('withdrawn')
    expect(await statusOf(waitlisted.id)).toBe('withdrawn')
    expect(await statusOf(waiting.id)).toBe('selected')
    expect(await statusOf(shipped.id)).toBe('shipped')
    expect((await messagesTo(h.app, next.email)).map((m) => m.template)).toContain('selected')

    // Told: why, until when, how to appeal.
    const mail = (await messagesTo(h.app, ada.email)).find((m) => m.template === 'suspended')
    expect(mail?.subject).toBe('Your Testers Circle account is suspended')
    expect(mail?.body).toContain('A review you sent was false or copied.')
    expect(mail?.body).toContain('Copied from another site.')
    expect(mail?.body).toContain(`until ${until.slice(0, 10)} at ${until.slice(11, 16)} UTC`)
    expect(mail?.body).toContain('reply to this e-mail or write to support@testerscircle.example')

    // The member reads it; support sees it on the record and in the list.
    expect((await infoOf(ada)).suspension).toEqual({ reason: 'false-review', note: 'Copied from another site.', since: h.clock.now().toISOString(), until })
    const record = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsMember.path, { id: ada.memberId }), { token: support.bearer }), OpsMemberSchema)
    expect(record.suspension).toMatchObject({ reason: 'false-review', suspendedBy: support.email, inForce: true })
    const hits = expectOk(
      await call(h.app, 'GET', ENDPOINTS.opsMembers.path, { token: support.bearer, query: { q: 'Ada Suspended' } }),
      MemberSearchResultSchema,
    )
    expect(hits.items.find((m) => m.memberId === ada.memberId)?.suspended).toBe(true)

    // Suspended: applying is refused and eligibility says why; a second suspension is refused.
    const fresh = await createCampaign(h.deps.db, h.clock.now())
    const refused = expectError(await signUp(ada, fresh), 'CONFLICT', 409)
    expect(refused.reason).toEqual({ code: 'suspended', until })
    const eligibility = expectOk(
      await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: ada.bearer, query: { campaignId: fresh.campaignId } }),
      CampaignEligibilityListSchema,
    )
    expect(eligibility.items[0]).toMatchObject({ eligible: false, reasons: [{ code: 'suspended', until }] })
    expectError(await suspend(ada.memberId, { reason: 'other', note: 'Again', until: null }), 'CONFLICT', 409)

    // Lifted: audited, told, and the member applies again.
    expect(expectOk(await lift(ada.memberId), LiftResultSchema).suspension).toMatchObject({ inForce: false, liftedBy: support.email })
    expect((await infoOf(ada)).suspension).toBeNull()
    expect((await messagesTo(h.app, ada.email)).map((m) => m.template)).toContain('suspension-lifted')
    expect(expectOk(await signUp(ada, fresh), ParticipationSchema, 201).status).toBe('selected')
    expectError(await lift(ada.memberId), 'CONFLICT', 409)
    expect((await auditOf(ada.memberId)).map((e) => e.action).sort()).toEqual(['member.lift-suspension', 'member.suspend'])
    const [suspended] = (await auditOf(ada.memberId)).filter((e) => e.action === 'member.suspend')
    expect(suspended?.changes.after).toEqual({ reason: 'false-review', note: 'Copied from another site.', until, released: 2 })
    expect((await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, place.id))).map((e) => e.action)).toEqual(['participation.withdraw'])
  })

  it('stops counting once its date has passed, with nothing run', async () => {
    const member = await memberWithAddress('Briefly Suspended')
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    const until = new Date(h.clock.now().getTime() + 10 * 60 * 1000).toISOString()
    expectOk(await suspend(member.memberId, { reason: 'staff-abuse', note: '', until }), SuspendResultSchema)
    expect(expectError(await signUp(member, campaign), 'CONFLICT', 409).reason).toEqual({ code: 'suspended', until })
    h.clock.advance(11 * 60 * 1000)
    expect((await infoOf(member)).suspension).toBeNull()
    expect(expectOk(await signUp(member, campaign), ParticipationSchema, 201).status).toBe('selected')
    const record = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsMember.path, { id: member.memberId }), { token: support.bearer }), OpsMemberSchema)
    expect(record.suspension).toBeNull()
    expect(record.suspensions).toMatchObject([{ reason: 'staff-abuse', inForce: false, liftedAt: null }])
    // Over: a new suspension may be made.
    expectOk(await suspend(member.memberId, { reason: 'several-accounts', note: '', until: null }), SuspendResultSchema)
  })

  it('refuses a reason "other" without a note, an end already past, and roles that may not act for members', async () => {
    const member = await memberWithAddress('Not Suspended')
    expect(expectError(await suspend(member.memberId, { reason: 'other', note: '', until: null }), 'BAD_REQUEST', 400).fields).toHaveProperty('note')
    const past = new Date(h.clock.now().getTime() - 60_000).toISOString()
    expect(expectError(await suspend(member.memberId, { reason: 'products-resold', note: '', until: past }), 'BAD_REQUEST', 400).fields).toHaveProperty('until')
    expectError(await suspend(member.memberId, { reason: 'products-resold', note: '', until: null }, campaignManager.bearer), 'FORBIDDEN', 403)
    expectError(await lift(member.memberId), 'CONFLICT', 409)
    expect(await auditOf(member.memberId)).toEqual([])
  })

  it('staff selection refuses a suspended applicant', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    const holder = await memberWithAddress('Holds The Place')
    const member = await memberWithAddress('Suspended Applicant')
    expectOk(await signUp(holder, campaign), ParticipationSchema, 201)
    const waiting = expectOk(await signUp(member, campaign), ParticipationSchema, 201)
    // A suspension written in the same moment as the application, which its release did not see.
    await h.deps.db.insert(suspensions).values({ memberId: member.memberId, reason: 'several-accounts', suspendedAt: h.clock.now(), suspendedBy: support.uid })
    await h.deps.db
      .update(participations)
      .set({ status: 'withdrawn' })
      .where(and(eq(participations.flightId, campaign.flightId), eq(participations.memberId, holder.memberId)))
    const refused = expectError(
      await call(h.app, 'POST', fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId }), {
        token: campaignManager.bearer,
        body: { participationIds: [waiting.id] },
      }),
      'CONFLICT',
      409,
    )
    expect(refused.message).toMatch(/suspended/)
    expect(await statusOf(waiting.id)).toBe('waitlisted')
  })
})

/** A contract path with its parameters filled with random ids. */
const samplePath = (path: string) =>
  fillPath(
    path,
    Object.fromEntries(
      path
        .split('/')
        .filter((s) => s.startsWith(':'))
        .map((s) => [s.slice(1), crypto.randomUUID()]),
    ),
  )

describe('the suspended member × member endpoint matrix', () => {
  const changing = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(([, e]) => (e.auth === 'member' || e.auth === 'identity') && e.method !== 'GET')
  const refusedWhileSuspended = ['processSignup', 'submitReview', 'uploadReviewPhoto', 'submitSocialPost', 'reportImpressions', 'redeem']

  let suspended: Awaited<ReturnType<typeof memberWithAddress>>
  beforeAll(async () => {
    suspended = await memberWithAddress('Matrix Suspended')
    expectOk(await suspend(suspended.memberId, { reason: 'several-accounts', note: '', until: null }), SuspendResultSchema)
  })

  it('marks exactly the actions the rule names, each declaring the refusal', () => {
    expect(changing.filter(([, e]) => e.notWhileSuspended).map(([name]) => name)).toEqual(refusedWhileSuspended)
    for (const [name, endpoint] of changing.filter(([, e]) => e.notWhileSuspended)) expect(endpoint.refusals, name).toContain('suspended')
  })

  it.each(changing)('%s', async (name, endpoint) => {
    const result = await call(h.app, endpoint.method, samplePath(endpoint.path), { token: suspended.bearer, body: { not: 'valid' } })
    if (refusedWhileSuspended.includes(name)) {
      expect(expectError(result, 'CONFLICT', 409).reason).toEqual({ code: 'suspended', until: null })
    } else {
      // Allowed: answered as for anyone (here, mostly the invalid body's 400), never the suspension's refusal.
      expect((result.json as { reason?: { code?: string } } | null)?.reason?.code, JSON.stringify(result.json)).not.toBe('suspended')
    }
  })

  it('answers their reads, their export and their deletion', async () => {
    for (const endpoint of [
      ENDPOINTS.memberInfo,
      ENDPOINTS.getMember,
      ENDPOINTS.participations,
      ENDPOINTS.shipments,
      ENDPOINTS.points,
      ENDPOINTS.downloadProfile,
    ]) {
      expect((await call(h.app, 'GET', endpoint.path, { token: suspended.bearer })).status, endpoint.path).toBe(200)
    }
    expect((await infoOf(suspended)).suspension).toMatchObject({ reason: 'several-accounts', until: null })
    const exported = expectOk(await call(h.app, 'GET', ENDPOINTS.downloadProfile.path, { token: suspended.bearer }), ENDPOINTS.downloadProfile.data)
    expect(exported.suspensions).toMatchObject([{ reason: 'several-accounts', until: null, liftedAt: null }])
    const justSignedIn = tokenSignedInAt(suspended, h.clock.now())
    expectOk(await call(h.app, 'POST', ENDPOINTS.pseudonymize.path, { token: justSignedIn.bearer, body: { confirm: true } }), ENDPOINTS.pseudonymize.data)
  })
})
