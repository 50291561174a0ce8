// The operator console's calls: who may call which (a matrix generated from the endpoint table),
// moderation, role changes effective at once, staff sessions, and the audit trail.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberReviewSchema } from '../../contract/content'
import { ParticipationSchema } from '../../contract/participations'
import { ENDPOINTS, type EndpointName } from '../../contract/endpoints'
import {
  ADDRESS_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  fillPath,
  FLIGHT_REVIEW_PATH,
  OPS_AUDIT_EXPORT_PATH,
  OPS_AUDIT_PATH,
  OPS_REVIEW_DECISION_PATH,
  OPS_REVIEWS_PATH,
  OPS_SELF_PATH,
  OPS_STAFF_GRANT_PATH,
  OPS_STAFF_PATH,
  OPS_STAFF_REVOKE_PATH,
  PROCESS_SIGNUP_PATH,
} from '../../contract/paths'
import { ROLE_CAPABILITIES, ROLES, RoleChangeResultSchema, STAFF_SESSION_SECONDS, StaffListSchema, StaffSelfSchema, type Role } from '../../contract/staff'
import { ModerationPageSchema, ReviewDecisionSchema } from '../../contract/ops-moderation'
import { AuditPageSchema } from '../../contract/ops-audit'
import { auditLog, members } from '../db/schema'
import { runOpsCommand } from '../ops-commands'
import { deliver, ship } from '../services/operations'
import { commandLineActor } from '../actors/actor'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, verifyEmail, type TestMember } from '../test/members'
import { messagesTo } from '../test/outbox'
import { createTestBrandViewer, createTestStaff, passSecondFactor } from '../test/staff'
import { parseCsv } from '../services/csv'

let h: Harness
let campaign: CampaignFixture
const staff = {} as Record<Role, TestMember>
let memberWithoutRole: TestMember
let brandViewer: TestMember
/** An admin whose session passed no second factor: a password alone. */
let adminWithoutFactor: TestMember
/** Every role, on an account whose e-mail address was never confirmed (as a sign-up with someone else's address). */
let unconfirmedStaff: TestMember

beforeAll(async () => {
  h = await createHarness()
  campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 50 })
  const people = await Promise.all(ROLES.map((role) => createTestStaff(h.deps.db, [role], { displayName: `The ${role}` })))
  ROLES.forEach((role, i) => (staff[role] = people[i]!))
  memberWithoutRole = await createTestMember()
  // The matrix grants them a role on the way (opsGrantRole as admin): their session passed a factor,
  // so what refuses them is their roles.
  await passSecondFactor(h.deps.db, memberWithoutRole.uid)
  brandViewer = await createTestBrandViewer(h.deps.db, 'Testbrand')
  adminWithoutFactor = await createTestStaff(h.deps.db, ['admin'], { secondFactor: false })
  unconfirmedStaff = await createTestStaff(h.deps.db, [...ROLES], { displayName: 'Un Confirmed', emailVerified: false })
  // The suite's clock starts at the real time once everyone has signed in, so no sign-in lies ahead of
  // it however long the setup took; from here it moves only as the tests move it.
  h.clock.set(new Date())
})
afterAll(() => h?.close())

/** A member with a review waiting for moderation. */
async function pendingReview(title = 'Boils fast, pours clean') {
  const author = await createTestMember({ displayName: 'Ada L.' })
  await call(h.app, 'PUT', ADDRESS_PATH, { token: author.bearer, body: GOOD_ADDRESS })
  const participation = expectOk(
    await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: author.bearer, body: { campaignId: campaign.campaignId } }),
    ParticipationSchema,
    201,
  )
  await ship(h.deps, participation.id, 'DHL', `JD${Math.floor(Math.random() * 1e9)}`, commandLineActor())
  await deliver(h.deps, participation.id, commandLineActor())
  const review = expectOk(
    await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
      token: author.bearer,
      body: {
        participationId: participation.id,
        rating: 4,
        title,
        body: 'I used it every morning for three weeks. It boils a litre in under three minutes and the spout never drips.',
        receivedForFree: true,
      },
    }),
    MemberReviewSchema,
    201,
  )
  return { author, participationId: participation.id, reviewId: review.id, submittedAt: review.submittedAt }
}

const SAMPLE_PRODUCT = {
  brand: 'Testbrand',
  name: 'Sample kettle',
  description: 'A kettle for the matrix.',
  category: 'kitchen',
  retailValueCents: 2999,
  currency: 'EUR',
}

const sampleCampaign = () => ({
  title: 'Matrix kettle test',
  slug: `matrix-kettle-${crypto.randomUUID().slice(0, 8)}`,
  summary: 'A campaign for the matrix.',
  description: 'A campaign written by the access matrix, never published.',
  kind: 'free-product',
  selectionMode: 'first-come',
  productId: crypto.randomUUID(),
  eligibility: {
    countries: ['GB'],
    minAge: null,
    phoneVerifiedRequired: false,
    socialProfileRequired: false,
    interests: [],
    pets: [],
    children: null,
    minTier: null,
  },
  screener: [],
  tasks: { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
})
const SAMPLE_FLIGHT = {
  name: 'Flight 1',
  signupOpensAt: '2030-01-01T09:00:00.000Z',
  signupClosesAt: '2030-01-15T09:00:00.000Z',
  testingStartsAt: '2030-01-20T09:00:00.000Z',
  reviewDueAt: '2030-02-20T09:00:00.000Z',
  quota: 10,
}

type StaffEndpointName = { [K in EndpointName]: (typeof ENDPOINTS)[K]['auth'] extends 'staff' ? K : never }[EndpointName]

/**
 * One request per staff endpoint that its holders may make. Typed by the endpoint table: a staff
 * endpoint added without a sample here does not compile, so the matrix below covers it.
 */
const SAMPLES: Record<StaffEndpointName, () => { path: string; query?: Record<string, string>; body?: unknown }> = {
  staffSelf: () => ({ path: OPS_SELF_PATH }),
  opsModerationQueue: () => ({ path: OPS_REVIEWS_PATH, query: { pageSize: '5' } }),
  opsReviewPhoto: () => ({ path: fillPath(ENDPOINTS.opsReviewPhoto.path, { id: crypto.randomUUID(), size: 'thumb' }) }),
  opsDecideReview: () => ({
    path: fillPath(OPS_REVIEW_DECISION_PATH, { id: crypto.randomUUID() }),
    body: { decision: 'approve', submittedAt: new Date().toISOString() },
  }),
  opsStaff: () => ({ path: OPS_STAFF_PATH }),
  opsGrantRole: () => ({ path: OPS_STAFF_GRANT_PATH, body: { email: memberWithoutRole.email, role: 'support' } }),
  opsRevokeRole: () => ({ path: OPS_STAFF_REVOKE_PATH, body: { email: memberWithoutRole.email, role: 'support' } }),
  opsResetSecondFactor: () => ({ path: ENDPOINTS.opsResetSecondFactor.path, body: { email: memberWithoutRole.email } }),
  opsAudit: () => ({ path: OPS_AUDIT_PATH }),
  opsCampaigns: () => ({ path: ENDPOINTS.opsCampaigns.path }),
  opsProducts: () => ({ path: ENDPOINTS.opsProducts.path }),
  opsCreateProduct: () => ({ path: ENDPOINTS.opsCreateProduct.path, body: { ...SAMPLE_PRODUCT } }),
  opsUpdateProduct: () => ({
    path: fillPath(ENDPOINTS.opsUpdateProduct.path, { id: crypto.randomUUID() }),
    body: { ...SAMPLE_PRODUCT, editedVersion: new Date().toISOString() },
  }),
  opsUploadProductImage: () => ({
    path: ENDPOINTS.opsUploadProductImage.path,
    query: { productId: crypto.randomUUID(), alt: 'A kettle on a stove' },
    body: 'The bytes of an image',
  }),
  opsDescribeProductImage: () => ({ path: fillPath(ENDPOINTS.opsDescribeProductImage.path, { id: crypto.randomUUID() }), body: { alt: 'A kettle' } }),
  opsMoveProductImage: () => ({ path: fillPath(ENDPOINTS.opsMoveProductImage.path, { id: crypto.randomUUID() }), body: { position: 0 } }),
  opsRemoveProductImage: () => ({ path: fillPath(ENDPOINTS.opsRemoveProductImage.path, { id: crypto.randomUUID() }) }),
  opsCampaignStatus: () => ({ path: fillPath(ENDPOINTS.opsCampaignStatus.path, { id: crypto.randomUUID() }), body: { status: 'archived' } }),
  opsNewsletters: () => ({ path: ENDPOINTS.opsNewsletters.path }),
  opsSendNewsletter: () => ({
    path: ENDPOINTS.opsSendNewsletter.path,
    body: { subject: 'Matrix issue', body: 'An issue written by the access matrix, sent to nobody yet.' },
  }),
  opsCampaign: () => ({ path: fillPath(ENDPOINTS.opsCampaign.path, { id: crypto.randomUUID() }) }),
  opsCampaignPreview: () => ({ path: fillPath(ENDPOINTS.opsCampaignPreview.path, { id: crypto.randomUUID() }) }),
  opsCampaignResults: () => ({ path: fillPath(ENDPOINTS.opsCampaignResults.path, { id: crypto.randomUUID() }) }),
  opsCampaignReviewsCsv: () => ({ path: fillPath(ENDPOINTS.opsCampaignReviewsCsv.path, { id: crypto.randomUUID() }) }),
  opsCampaignReviewsJson: () => ({ path: fillPath(ENDPOINTS.opsCampaignReviewsJson.path, { id: crypto.randomUUID() }) }),
  opsCampaignPhotosZip: () => ({ path: fillPath(ENDPOINTS.opsCampaignPhotosZip.path, { id: crypto.randomUUID() }) }),
  opsCreateCampaign: () => ({ path: ENDPOINTS.opsCreateCampaign.path, body: sampleCampaign() }),
  opsUpdateCampaign: () => ({
    path: fillPath(ENDPOINTS.opsUpdateCampaign.path, { id: crypto.randomUUID() }),
    body: { campaign: sampleCampaign(), editedVersion: new Date().toISOString() },
  }),
  opsCreateFlight: () => ({
    path: fillPath(ENDPOINTS.opsCreateFlight.path, { id: crypto.randomUUID() }),
    body: { flight: SAMPLE_FLIGHT, editedVersion: new Date().toISOString() },
  }),
  opsUpdateFlight: () => ({
    path: fillPath(ENDPOINTS.opsUpdateFlight.path, { id: crypto.randomUUID(), flightId: crypto.randomUUID() }),
    body: { flight: SAMPLE_FLIGHT, editedVersion: new Date().toISOString() },
  }),
  opsDeleteFlight: () => ({
    path: fillPath(ENDPOINTS.opsDeleteFlight.path, { id: crypto.randomUUID(), flightId: crypto.randomUUID() }),
    query: { editedVersion: new Date().toISOString() },
  }),
  opsApplicants: () => ({ path: fillPath(ENDPOINTS.opsApplicants.path, { id: campaign.flightId }), query: { view: 'all' } }),
  opsSelect: () => ({ path: fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId }), body: { participationIds: [crypto.randomUUID()] } }),
  opsShipments: () => ({ path: ENDPOINTS.opsShipments.path, query: { view: 'pending' } }),
  opsShipmentAction: () => ({ path: fillPath(ENDPOINTS.opsShipmentAction.path, { id: crypto.randomUUID() }), body: { action: 'deliver' } }),
  opsPendingShipmentsCsv: () => ({ path: ENDPOINTS.opsPendingShipmentsCsv.path }),
  opsTrackingImport: () => ({ path: ENDPOINTS.opsTrackingImport.path, body: 'shipment_id,carrier,tracking_number\r\n' }),
  opsMembers: () => ({ path: ENDPOINTS.opsMembers.path, query: { q: 'Ada' } }),
  opsMember: () => ({ path: fillPath(ENDPOINTS.opsMember.path, { id: crypto.randomUUID() }) }),
  opsGrantPoints: () => ({
    path: fillPath(ENDPOINTS.opsGrantPoints.path, { id: crypto.randomUUID() }),
    body: { points: 5, reason: 'A late parcel', requestId: crypto.randomUUID() },
  }),
  opsWithdrawForMember: () => ({
    path: fillPath(ENDPOINTS.opsWithdrawForMember.path, { id: crypto.randomUUID(), pid: crypto.randomUUID() }),
    body: { note: 'Asked by phone' },
  }),
  opsResendVerification: () => ({ path: fillPath(ENDPOINTS.opsResendVerification.path, { id: crypto.randomUUID() }), body: {} }),
  opsSuspendMember: () => ({
    path: fillPath(ENDPOINTS.opsSuspendMember.path, { id: crypto.randomUUID() }),
    body: { reason: 'several-accounts', note: '', until: null },
  }),
  opsLiftSuspension: () => ({ path: fillPath(ENDPOINTS.opsLiftSuspension.path, { id: crypto.randomUUID() }), body: {} }),
  opsRuleLink: () => ({
    path: fillPath(ENDPOINTS.opsRuleLink.path, { id: crypto.randomUUID(), linkedId: crypto.randomUUID() }),
    body: { note: 'Twins: two passports seen' },
  }),
  opsWithdrawLinkRuling: () => ({ path: fillPath(ENDPOINTS.opsWithdrawLinkRuling.path, { id: crypto.randomUUID(), linkedId: crypto.randomUUID() }) }),
  opsAuditExport: () => ({ path: OPS_AUDIT_EXPORT_PATH }),
  opsCategories: () => ({ path: ENDPOINTS.opsCategories.path }),
  opsCreateCategory: () => {
    const suffix = crypto.randomUUID().slice(0, 8)
    return { path: ENDPOINTS.opsCreateCategory.path, body: { name: `Matrix ${suffix}`, slug: `matrix-${suffix}` } }
  },
  opsRenameCategory: () => ({ path: fillPath(ENDPOINTS.opsRenameCategory.path, { slug: 'kitchen' }), body: { name: 'Kitchen' } }),
  opsBrands: () => ({ path: ENDPOINTS.opsBrands.path }),
  opsCreateBrand: () => ({ path: ENDPOINTS.opsCreateBrand.path, body: { name: `Matrix brand ${crypto.randomUUID().slice(0, 8)}` } }),
  opsInviteBrandUser: () => ({ path: fillPath(ENDPOINTS.opsInviteBrandUser.path, { id: crypto.randomUUID() }), body: { email: 'invitee@example.test' } }),
  opsWithdrawBrandInvitation: () => ({
    path: fillPath(ENDPOINTS.opsWithdrawBrandInvitation.path, { id: crypto.randomUUID(), invitationId: crypto.randomUUID() }),
  }),
  opsRemoveBrandUser: () => ({ path: fillPath(ENDPOINTS.opsRemoveBrandUser.path, { id: crypto.randomUUID(), uid: 'someone' }) }),
}

describe('who may call which staff endpoint', () => {
  const staffEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => e.auth === 'staff') as [StaffEndpointName, (typeof ENDPOINTS)[StaffEndpointName]][]

  it('every staff endpoint states its capability and has a sample', () => {
    expect(staffEndpoints.length).toBe(Object.keys(SAMPLES).length)
    for (const [name, endpoint] of staffEndpoints) expect(endpoint.capability, name).not.toBeUndefined()
  })

  // A brand viewer holds no staff role: every staff call is refused to them as to any member. Every
  // role held by an account whose e-mail address is not confirmed grants nothing either.
  const callers = [
    ...ROLES.map((role) => ({ who: role as string, role: role as Role | null })),
    { who: 'member without a role', role: null },
    { who: 'brand viewer', role: null },
    { who: 'staff with an unconfirmed e-mail', role: null },
  ]
  const cases = staffEndpoints.flatMap(([name, endpoint]) => callers.map((caller) => ({ name, endpoint, ...caller })))
  const tokenOf = (who: string, role: Role | null) =>
    role
      ? staff[role].bearer
      : who === 'brand viewer'
        ? brandViewer.bearer
        : who === 'staff with an unconfirmed e-mail'
          ? unconfirmedStaff.bearer
          : memberWithoutRole.bearer

  it.each(cases)('$name as $who', async ({ name, endpoint, role, who }) => {
    const token = tokenOf(who, role)
    const sample = SAMPLES[name]()
    const result = await call(h.app, endpoint.method, sample.path, { token, query: sample.query, body: sample.body })
    const allowed = role !== null && (endpoint.capability === null || ROLE_CAPABILITIES[role].includes(endpoint.capability))
    if (allowed) {
      // Past the capability check: the endpoint's own answer (a random id is simply not found).
      expect([401, 403], JSON.stringify(result.json)).not.toContain(result.status)
      expect(result.status).toBeLessThan(500)
    } else {
      const error = expectError(result, 'FORBIDDEN', 403)
      // Nothing but the refusal: no data, nothing of what was asked about.
      expect(Object.keys(result.json as object).sort()).toEqual(['message', 'status'])
      expect(error.message).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}/i)
    }
  })

  // Before any capability check: the page turns this answer into passing (or enrolling) a factor.
  it.each(staffEndpoints)('%s refuses an admin whose session passed no second factor', async (name, endpoint) => {
    const sample = SAMPLES[name]()
    const result = await call(h.app, endpoint.method, sample.path, { token: adminWithoutFactor.bearer, query: sample.query, body: sample.body })
    expectError(result, 'SECOND_FACTOR_REQUIRED', 403)
    expect(Object.keys(result.json as object).sort()).toEqual(['message', 'status'])
  })

  it.each(staffEndpoints)('%s refuses a visitor with 401', async (name, endpoint) => {
    const sample = SAMPLES[name]()
    expectError(await call(h.app, endpoint.method, sample.path, { query: sample.query, body: sample.body }), 'UNAUTHENTICATED', 401)
  })
})

describe('staff sessions and roles', () => {
  it('tells a staff person who they are and what they may do', async () => {
    const me = expectOk(await call(h.app, 'GET', OPS_SELF_PATH, { token: staff.support.bearer }), StaffSelfSchema)
    expect(me).toMatchObject({ uid: staff.support.uid, roles: ['support'], capabilities: ['members:read', 'members:act', 'members:contact'] })
  })

  it('ends a staff session 8 hours after its sign-in, whatever the token', async () => {
    const before = h.clock.now()
    h.clock.advance(STAFF_SESSION_SECONDS * 1000 + 60_000)
    try {
      expectError(await call(h.app, 'GET', OPS_SELF_PATH, { token: staff.admin.bearer }), 'UNAUTHENTICATED', 401)
    } finally {
      // Back to where the clock was: the staff's sign-ins are as recent as before, however long the tests so far took.
      h.clock.set(before)
    }
  })

  it('grants and revokes roles with effect on the next call, audited, and refuses what cannot be done', async () => {
    const person = await createTestMember({ displayName: 'Mo D.', emailVerified: true })
    await passSecondFactor(h.deps.db, person.uid)
    expectError(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: person.bearer }), 'FORBIDDEN', 403)

    const granted = expectOk(
      await call(h.app, 'POST', OPS_STAFF_GRANT_PATH, { token: staff.admin.bearer, body: { email: person.email.toUpperCase(), role: 'moderator' } }),
      RoleChangeResultSchema,
    )
    expect(granted).toEqual({ uid: person.uid, email: person.email, role: 'moderator', changed: true })
    expectOk(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: person.bearer }), ModerationPageSchema)
    const again = expectOk(
      await call(h.app, 'POST', OPS_STAFF_GRANT_PATH, { token: staff.admin.bearer, body: { email: person.email, role: 'moderator' } }),
      RoleChangeResultSchema,
    )
    expect(again.changed).toBe(false)
    const list = expectOk(await call(h.app, 'GET', OPS_STAFF_PATH, { token: staff.admin.bearer }), StaffListSchema)
    expect(list.items.find((item) => item.uid === person.uid)?.roles).toEqual([expect.objectContaining({ role: 'moderator', grantedBy: staff.admin.uid })])

    expectOk(
      await call(h.app, 'POST', OPS_STAFF_REVOKE_PATH, { token: staff.admin.bearer, body: { email: person.email, role: 'moderator' } }),
      RoleChangeResultSchema,
    )
    // The same token, one call later: the role is gone.
    expectError(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: person.bearer }), 'FORBIDDEN', 403)

    const audit = expectOk(await call(h.app, 'GET', OPS_AUDIT_PATH, { token: staff.admin.bearer, query: { targetId: person.uid } }), AuditPageSchema)
    expect(audit.items.map((entry) => [entry.action, entry.actorUid, entry.actorEmail])).toEqual([
      ['role.revoke', staff.admin.uid, staff.admin.email],
      ['role.grant', staff.admin.uid, staff.admin.email],
    ])

    // Bad input changes nothing.
    expectError(
      await call(h.app, 'POST', OPS_STAFF_GRANT_PATH, { token: staff.admin.bearer, body: { email: 'nobody-here@example.test', role: 'moderator' } }),
      'BAD_REQUEST',
      400,
    )
    const unknownRole = expectError(
      await call(h.app, 'POST', OPS_STAFF_GRANT_PATH, { token: staff.admin.bearer, body: { email: person.email, role: 'superuser' } }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(unknownRole.fields ?? {})).toEqual(['role'])
    const after = expectOk(await call(h.app, 'GET', OPS_AUDIT_PATH, { token: staff.admin.bearer, query: { targetId: person.uid } }), AuditPageSchema)
    expect(after.total).toBe(2)
  })

  it('grants a role only to an account whose e-mail address is confirmed, from the console and the command line', async () => {
    // Someone signed up first with a future colleague's address, and never opened the mail sent there.
    const squatter = await createTestMember({ displayName: 'Early Bird' })
    const refused = expectError(
      await call(h.app, 'POST', OPS_STAFF_GRANT_PATH, { token: staff.admin.bearer, body: { email: squatter.email, role: 'support' } }),
      'BAD_REQUEST',
      400,
    )
    expect(refused.reason).toEqual({ code: 'email-unconfirmed' })
    expect(Object.keys(refused.fields ?? {})).toEqual(['email'])
    await expect(runOpsCommand(h.deps, { command: 'staff-grant', email: squatter.email, role: 'admin' })).rejects.toThrow(/not confirmed/)
    const list = expectOk(await call(h.app, 'GET', OPS_STAFF_PATH, { token: staff.admin.bearer }), StaffListSchema)
    expect(list.items.find((item) => item.uid === squatter.uid)).toBeUndefined()
    const audit = expectOk(await call(h.app, 'GET', OPS_AUDIT_PATH, { token: staff.admin.bearer, query: { targetId: squatter.uid } }), AuditPageSchema)
    expect(audit.total).toBe(0)

    // Once the owner of the address confirms it, the grant goes through.
    await verifyEmail(squatter)
    expectOk(
      await call(h.app, 'POST', OPS_STAFF_GRANT_PATH, { token: staff.admin.bearer, body: { email: squatter.email, role: 'support' } }),
      RoleChangeResultSchema,
    )
  })

  it('grants roles from the command line too, as the first admin is made', async () => {
    const person = await createTestMember({ emailVerified: true })
    expect(await runOpsCommand(h.deps, { command: 'staff-grant', email: person.email, role: 'admin' })).toMatchObject({ changed: true })
    await passSecondFactor(h.deps.db, person.uid)
    const me = expectOk(await call(h.app, 'GET', OPS_SELF_PATH, { token: person.bearer }), StaffSelfSchema)
    expect(me.roles).toEqual(['admin'])
    const list = (await runOpsCommand(h.deps, { command: 'staff-list' })) as { items: { uid: string; roles: { grantedBy: string }[] }[] }
    expect(list.items.find((item) => item.uid === person.uid)?.roles[0]?.grantedBy).toBe('cli')
    const [entry] = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${person.uid}`)
    expect(entry).toMatchObject({ action: 'role.grant', actorUid: 'cli' })
  })
})

describe('moderation', () => {
  it('lists waiting reviews oldest first with what a moderator weighs, and filters on the server', async () => {
    const first = await pendingReview('First of the queue')
    h.clock.advance(60_000)
    const second = await pendingReview('Second of the queue')
    const page = expectOk(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: staff.moderator.bearer, query: { q: 'of the queue' } }), ModerationPageSchema)
    expect(page.items.map((item) => item.id)).toEqual([first.reviewId, second.reviewId])
    expect(page.items[0]).toMatchObject({
      campaignSlug: campaign.slug,
      productName: 'Test Kettle',
      rating: 4,
      receivedForFree: true,
      author: { displayName: 'Ada L.', tier: 'newcomer', publishedReviews: 0, rejectedReviews: 0 },
    })
    const newest = expectOk(
      await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: staff.moderator.bearer, query: { q: 'of the queue', sort: 'newest', pageSize: '1' } }),
      ModerationPageSchema,
    )
    expect(newest).toMatchObject({ total: 2, items: [{ id: second.reviewId }] })
    // Every filter at once, and each filter's own value: the campaign, the rating, the words.
    const filtered = (query: Record<string, string>) =>
      call(h.app, 'GET', OPS_REVIEWS_PATH, { token: staff.moderator.bearer, query: { q: 'of the queue', ...query } }).then((r) =>
        expectOk(r, ModerationPageSchema),
      )
    expect((await filtered({ campaign: campaign.slug, rating: '4', sort: 'rating-desc' })).total).toBe(2)
    expect((await filtered({ campaign: campaign.slug, rating: '5' })).total).toBe(0)
    expect((await filtered({ campaign: 'no-such-campaign' })).total).toBe(0)
    // A search for the wildcard itself finds nothing rather than everything.
    expect(expectOk(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: staff.moderator.bearer, query: { q: '%' } }), ModerationPageSchema).total).toBe(0)
    expectError(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: staff.moderator.bearer, query: { sort: 'random' } }), 'BAD_REQUEST', 400)
  })

  it('publishes a review once: a second moderator is told who decided it', async () => {
    const { reviewId, submittedAt } = await pendingReview()
    const second = await createTestStaff(h.deps.db, ['moderator'], { displayName: 'Second Moderator' })
    const decide = (token: string) =>
      call(h.app, 'POST', fillPath(OPS_REVIEW_DECISION_PATH, { id: reviewId }), { token, body: { decision: 'approve', submittedAt } })
    const results = await Promise.all([decide(staff.moderator.bearer), decide(second.bearer)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const refused = results.find((r) => r.status === 409)!
    expect((refused.json as { message: string }).message).toMatch(/already published by (The moderator|Second Moderator)/)
    const entries = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${reviewId}`)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ action: 'review.approve', changes: { before: { status: 'pending' }, after: { status: 'published' } } })
  })

  it('rejects with a reason the author reads, by e-mail and on the participation, and takes the review back when sent again', async () => {
    const { author, participationId, reviewId, submittedAt } = await pendingReview()
    const path = fillPath(OPS_REVIEW_DECISION_PATH, { id: reviewId })
    // "Other" needs a note; an unknown reason is refused; neither changes anything.
    expectError(
      await call(h.app, 'POST', path, { token: staff.moderator.bearer, body: { decision: 'reject', reason: 'other', submittedAt } }),
      'BAD_REQUEST',
      400,
    )
    expectError(
      await call(h.app, 'POST', path, { token: staff.moderator.bearer, body: { decision: 'reject', reason: 'boring', submittedAt } }),
      'BAD_REQUEST',
      400,
    )
    const decided = expectOk(
      await call(h.app, 'POST', path, {
        token: staff.moderator.bearer,
        body: { decision: 'reject', reason: 'link-or-price', note: 'Please leave out the shop link.', submittedAt },
        headers: { 'x-staff-user-agent': 'Console browser/1.0' },
      }),
      ReviewDecisionSchema,
    )
    expect(decided.status).toBe('rejected')

    const mine = expectOk(
      await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: participationId }), { token: author.bearer }),
      ParticipationSchema,
    )
    expect(mine).toMatchObject({
      status: 'delivered',
      review: { status: 'rejected', rejectionCode: 'link-or-price', rejectionReason: 'Please leave out the shop link.' },
    })
    const [mail] = (await messagesTo(h.app, author.email)).filter((m) => m.subject?.includes('needs a change'))
    expect(mail?.body).toContain('It contains a link or a price.')
    expect(mail?.body).toContain('Please leave out the shop link.')

    const [entry] = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${reviewId}`)
    expect(entry).toMatchObject({
      action: 'review.reject',
      actorUid: staff.moderator.uid,
      actorEmail: staff.moderator.email,
      userAgent: 'Console browser/1.0',
      ip: '127.0.0.1',
      changes: { after: { status: 'rejected', reason: 'link-or-price', note: 'Please leave out the shop link.' } },
    })

    // Sent again: back in the queue, the earlier decision cleared.
    expectOk(
      await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
        token: author.bearer,
        body: {
          participationId,
          rating: 4,
          title: 'Boils fast',
          body: 'I used it every morning for three weeks and it boiled a litre in three minutes.',
          receivedForFree: true,
        },
      }),
      MemberReviewSchema,
      201,
    )
    const queue = expectOk(await call(h.app, 'GET', OPS_REVIEWS_PATH, { token: staff.moderator.bearer, query: { q: 'Boils fast' } }), ModerationPageSchema)
    expect(queue).toMatchObject({ total: 1, items: [{ id: reviewId, author: { rejectedReviews: 0 } }] })
  })
})

describe('moderation guards', () => {
  it('refuses to decide a version the moderator has not read: the author sent the review again since', async () => {
    const { author, participationId, reviewId, submittedAt } = await pendingReview()
    const path = fillPath(OPS_REVIEW_DECISION_PATH, { id: reviewId })
    expectOk(
      await call(h.app, 'POST', path, { token: staff.moderator.bearer, body: { decision: 'reject', reason: 'off-topic', submittedAt } }),
      ReviewDecisionSchema,
    )
    h.clock.advance(60_000)
    const resent = expectOk(
      await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
        token: author.bearer,
        body: {
          participationId,
          rating: 5,
          title: 'Buy it at the cheap shop',
          body: 'A different text, sent after the rejection, that nobody has read yet at all.',
          receivedForFree: true,
        },
      }),
      MemberReviewSchema,
      201,
    )
    // A second moderator still looking at the first version presses approve.
    const stale = expectError(await call(h.app, 'POST', path, { token: staff.admin.bearer, body: { decision: 'approve', submittedAt } }), 'CONFLICT', 409)
    expect(stale.message).toContain('sent this review again')
    expectOk(
      await call(h.app, 'POST', path, { token: staff.admin.bearer, body: { decision: 'approve', submittedAt: resent.submittedAt } }),
      ReviewDecisionSchema,
    )
  })

  it('never lets staff act on their own member account', async () => {
    const pending = await pendingReview()
    const { reviewId, submittedAt } = pending
    // A role goes only to a confirmed address: the author confirms theirs first.
    const author = await verifyEmail(pending.author)
    await runOpsCommand(h.deps, { command: 'staff-grant', email: author.email, role: 'admin' })
    await passSecondFactor(h.deps.db, author.uid)
    const own = expectError(
      await call(h.app, 'POST', fillPath(OPS_REVIEW_DECISION_PATH, { id: reviewId }), { token: author.bearer, body: { decision: 'approve', submittedAt } }),
      'FORBIDDEN',
      403,
    )
    expect(own.message).toContain('their own member account')
    const [me] = await h.deps.db
      .select({ id: members.id })
      .from(members)
      .where(sql`${members.uid} = ${author.uid}`)
    const memberId = me!.id
    expectError(
      await call(h.app, 'POST', fillPath(ENDPOINTS.opsGrantPoints.path, { id: memberId }), {
        token: author.bearer,
        body: { points: 100, reason: 'For me', requestId: crypto.randomUUID() },
      }),
      'FORBIDDEN',
      403,
    )
    expect(
      (
        await h.deps.db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.targetId} in (${reviewId}, ${memberId})`)
      ).length,
    ).toBe(0)
  })
})

describe('the audit log', () => {
  it('refuses any change or deletion of an entry in the database; pseudonymising is only for a deleted account', async () => {
    const [entry] = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.actorUid} = ${staff.moderator.uid} and ${auditLog.action} = 'review.reject'`)
      .limit(1)
    expect(entry).toBeDefined()
    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      )
      expect(error, 'the database accepted the statement').not.toBeNull()
      expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/append-only/)
    }
    await refused(h.deps.db.execute(sql`update audit_log set action = 'review.approve' where id = ${entry!.id}`))
    await refused(h.deps.db.execute(sql`update audit_log set actor_email = 'someone@else.test' where id = ${entry!.id}`))
    await refused(h.deps.db.execute(sql`update audit_log set changes = '{"before":null,"after":null}' where id = ${entry!.id}`))
    await refused(h.deps.db.execute(sql`delete from audit_log where id = ${entry!.id}`))
    await refused(h.deps.db.execute(sql`truncate audit_log`))
    // The moderator still has their account: their entries cannot be made anonymous, nor the notes about a living member blanked.
    await refused(
      h.deps.db.execute(sql`update audit_log set actor_email = null, actor_name = 'Former member', ip = null, user_agent = null where id = ${entry!.id}`),
    )
    expect(JSON.stringify(entry!.changes)).toContain('note')
    await refused(h.deps.db.execute(sql`update audit_log set changes = audit_redacted(action, changes) where id = ${entry!.id}`))
    const [after] = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} = ${entry!.id}`)
    expect(after).toEqual(entry)
  })

  it('filters by person, action and time, and exports what it shows as CSV', async () => {
    const byModerator = expectOk(
      await call(h.app, 'GET', OPS_AUDIT_PATH, { token: staff.admin.bearer, query: { actor: staff.moderator.email, action: 'review.reject' } }),
      AuditPageSchema,
    )
    expect(byModerator.total).toBeGreaterThan(0)
    expect(byModerator.items.every((entry) => entry.actorUid === staff.moderator.uid && entry.action === 'review.reject')).toBe(true)
    const future = expectOk(
      await call(h.app, 'GET', OPS_AUDIT_PATH, { token: staff.admin.bearer, query: { from: new Date(Date.now() + 86_400_000).toISOString() } }),
      AuditPageSchema,
    )
    expect(future.total).toBe(0)
    expectError(await call(h.app, 'GET', OPS_AUDIT_PATH, { token: staff.admin.bearer, query: { action: 'drop-tables' } }), 'BAD_REQUEST', 400)

    const csv = await call(h.app, 'GET', OPS_AUDIT_EXPORT_PATH, { token: staff.admin.bearer, query: { actor: staff.moderator.email, action: 'review.reject' } })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    const rows = parseCsv(String(csv.json)).map((row) => row.fields)
    expect(rows[0]).toEqual([
      'at',
      'actorUid',
      'actorEmail',
      'actorName',
      'action',
      'targetType',
      'targetId',
      'operationId',
      'before',
      'after',
      'ip',
      'userAgent',
    ])
    expect(rows).toHaveLength(byModerator.total + 1)
    expect(rows[1]).toContain('review.reject')
  })
})
