// Account deletion, complete: nothing that can name the member is left in any table, the Firebase
// user is gone, the receipt is returned and mailed, and the same address can register again.
import { eq, getTableName, inArray, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberReviewSchema, SocialPostSchema } from '../../contract/content'
import { formatEventAt, LogAcceptedSchema } from '../../contract/logs'
import { MemberSchema, MemberSummarySchema, PseudonymizeResultSchema, SocialProfilesResultSchema } from '../../contract/members'
import { OtpSentSchema, OtpVerifiedSchema } from '../../contract/otp'
import { ParticipationSchema, ShipmentSchema } from '../../contract/participations'
import {
  ADDRESS_PATH,
  API_MEMBER_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  EMAIL_OTP_SEND_PATH,
  FLIGHT_REVIEW_PATH,
  FLIGHT_SOCIAL_IMPRESSIONS_PATH,
  FLIGHT_SOCIAL_PATH,
  LOGS_COLLECTOR_PATH,
  MEMBERS_PATH,
  PHONE_NUMBER_PATH,
  PHONE_OTP_SEND_PATH,
  PHONE_OTP_VERIFY_PATH,
  PROCESS_SIGNUP_PATH,
  PSEUDONYMIZE_PATH,
  SHIPMENT_RETURN_PATH,
  SOCIAL_PROFILES_PATH,
  UPDATE_PROFILE_PATH,
  fillPath,
} from '../../contract/paths'
import * as schema from '../db/schema'
import { members } from '../db/schema'
import { firebaseIdentity, initFirebase, type IdentityProvider } from '../identity/identity'
import { runOpsCommand } from '../ops-commands'
import { approveReview, deliver, ship } from '../services/operations'
import { createOutboxRelay } from '../services/outbox-relay'
import type { OutgoingMessage } from '../services/outbox'
import { createCampaign, ownAddress } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { recordAudit } from '../actors/audit'
import { enrolKnownAuthenticator } from '../services/second-factor'
import { passSecondFactor } from '../test/staff'
import { commandLineActor } from '../actors/actor'
import { grantGoodwill } from '../staff/members'
import { createTestMember, projectId, signIn, type TestMember } from '../test/members'
import { lastCodeSentTo } from '../test/outbox'

/**
 * Every table of the schema, and why what it keeps after a deletion names nobody. A table added to
 * the schema fails the test until it is listed here, and so considered by pseudonymize().
 */
const TABLES: Record<string, string> = {
  members: 'blanked to "Former member"; uid and ids kept as the pseudonym',
  addresses: 'deleted',
  account_links: "links to and from the member's account deleted",
  account_link_rulings: "staff's rulings that the member and another account are two people deleted, with their notes",
  member_link_states: 'whether the account has a link that counts, by id only; false once its links are deleted',
  linked_applicants: "the account's participations no longer listed as linked once its links are deleted: ids only",
  member_sightings: "the devices and network addresses seen at the member's sign-up and applications (hashed) deleted",
  social_profiles: 'deleted',
  products: 'catalogue, no member data',
  campaigns: 'catalogue, no member data',
  flights: 'catalogue, no member data',
  reminders_sent: 'kept: which reminders a participation was sent, by ids only',
  campaign_announcements: 'kept: which campaigns a member was told of, by ids only',
  digest_days: 'kept: the days a member was looked at for the new-campaigns digest and whether one went, by ids only',
  newsletters: 'the issues staff wrote, no member data',
  newsletter_deliveries: 'kept: which issues a member was sent, by ids only',
  campaign_screeners: 'catalogue: earlier screener questions, no member data',
  categories: 'catalogue, no member data',
  product_images: 'catalogue, no member data',
  participations: 'kept as history; screener answers cleared',
  shipments: 'kept (accounting); return comment cleared',
  reviews: 'published kept under "Former member" without photos; others deleted',
  review_photos: 'deleted, with their files (review-photos.test.ts)',
  review_stats: 'counts of published reviews per campaign, product and rating: nothing about a member',
  moderation_queue_counts: 'counts of reviews waiting for moderation per campaign and rating: nothing about a member',
  result_flight_counts: "counts of a flight's participations by stage: nothing about a member",
  flight_applicant_counts: "counts of a flight's participations by status: nothing about a member",
  result_flight_groups:
    'people per screener answer, country, birth date and tier of a flight, follow the cleared answers and blanked profile: shown only in groups of five or more',
  result_flight_lags: "how many of a flight's reviews took each time from shipping: nothing about a member",
  social_posts: 'deleted',
  impressions: 'deleted with their posts',
  ledger_entries: 'kept (accounting); reasons name no member, goodwill reasons (staff wrote them) replaced',
  redemptions: 'kept (accounting); codes name no member',
  otp_codes: 'deleted',
  rate_limits: "the member's send-limit counters deleted",
  outbox: 'messages to or mentioning the member deleted; the receipt erased once delivered',
  front_end_logs: 'entries mentioning the member deleted, the uid cleared on the others',
  staff_roles: 'deleted (a member may also be staff)',
  brands: 'organisations, no member data',
  brand_users: 'deleted (a member may also follow a brand); the removal audited',
  brand_invitations: "invitations to the member's address, or accepted by them, deleted",
  audit_log: 'kept (append-only); as the actor, the e-mail cleared and the name "Former member"',
  second_factors: "deleted (the member's authenticators and passkeys, by uid)",
  recovery_codes: 'deleted',
  second_factor_passes: 'deleted',
  webauthn_challenges: 'deleted',
  suspensions: 'kept (what support decided, by ids); the note to the member cleared',
}

const ibanOf = 'DE89370400440532013000'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

const auth = () => getAuth(initFirebase(projectId()))

/** Deletion asks for a recent sign-in: the harness clock is set to the real time before such a call. */
function freshClock() {
  h.clock.set(new Date())
}

interface Seeded {
  member: TestMember
  id: string
  needles: string[]
  publishedReviewId: string
  publishedTitle: string
}

/** A member with something in every place the suite keeps member data. */
async function seedMember(): Promise<Seeded> {
  const tag = crypto.randomUUID().slice(0, 8)
  // Verified address: codes by text message go only to members with one.
  const member = await createTestMember({ displayName: `Zelda${tag} Quill${tag}`, emailVerified: true })
  const token = member.bearer
  const firstName = `Zelda${tag}`
  const lastName = `Quill${tag}`
  const created = expectOk(
    await call(h.app, 'POST', MEMBERS_PATH, { token, body: { firstName, lastName, displayName: `ZQ${tag}`, birthDate: '1990-04-01' } }),
    MemberSchema,
    201,
  )
  freshClock()
  expectOk(
    await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, {
      token,
      body: {
        gender: 'female',
        languages: ['de', 'en'],
        preferences: { interests: ['kitchen'], children: 2, pets: ['cat'] },
        payout: { method: 'iban', accountHolder: `${firstName} ${lastName}`, iban: ibanOf },
      },
    }),
    MemberSchema,
  )
  // Support wrote about the member in the audit log (a goodwill reason naming them): blanked on deletion.
  const created_ = await h.deps.db.select({ id: schema.members.id }).from(schema.members).where(eq(schema.members.uid, member.uid))
  await grantGoodwill(h.deps, commandLineActor(), created_[0]!.id, 5, `Sorry ${firstName}, the parcel was late`)
  const address = { name: `${firstName} ${lastName}`, line1: `Quillweg ${tag}`, line2: `Hinterhaus ${tag}`, postalCode: '10115', city: 'Berlin', country: 'DE' }
  await call(h.app, 'PUT', ADDRESS_PATH, { token, body: address })

  // A verified phone, and a code sent to a new e-mail address that was never confirmed.
  const phone = `+49151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  expectOk(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token, body: { phone } }), OtpSentSchema)
  expectOk(await call(h.app, 'POST', PHONE_OTP_VERIFY_PATH, { token, body: { phone, code: await lastCodeSentTo(h.app, phone) } }), OtpVerifiedSchema)
  freshClock()
  expectOk(await call(h.app, 'PUT', PHONE_NUMBER_PATH, { token, body: { phone } }), MemberSummarySchema)
  const otherEmail = `other-${tag}@example.test`
  expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token, body: { email: otherEmail } }), OtpSentSchema)

  const handle = `zq.tests.${tag}`
  expectOk(
    await call(h.app, 'PUT', SOCIAL_PROFILES_PATH, { token, body: { platform: 'instagram', handle, followers: 5400, url: `https://instagram.com/${handle}` } }),
    SocialProfilesResultSchema,
  )

  // A finished test: screener answer, shipment with a return comment, a social post, a published review.
  const screenerText = `I cook for my ${tag} flatmates every evening`
  const returnComment = `The lid of ${tag} cracked on day two`
  const tested = await createCampaign(h.deps.db, h.clock.now(), { screener: [{ id: 'why', prompt: 'Why?', kind: 'text', options: [], required: true }] })
  const p = expectOk(
    await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token, body: { campaignId: tested.campaignId, answers: [{ questionId: 'why', answer: screenerText }] } }),
    ParticipationSchema,
    201,
  )
  const shipmentId = await ship(h.deps, p.id, 'DHL', `JD${tag}`, commandLineActor())
  await deliver(h.deps, shipmentId, commandLineActor())
  expectOk(
    await call(h.app, 'POST', fillPath(SHIPMENT_RETURN_PATH, { sid: shipmentId }), { token, body: { reason: 'damaged', comment: returnComment } }),
    ShipmentSchema,
  )
  const post = expectOk(
    await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, {
      token,
      body: { participationId: p.id, platform: 'instagram', url: `https://instagram.com/p/${handle}-kettle` },
    }),
    SocialPostSchema,
    201,
  )
  expectOk(
    await call(h.app, 'POST', FLIGHT_SOCIAL_IMPRESSIONS_PATH, { token, body: { postId: post.id, reach: 900, likes: 80, comments: 4, shares: 2 } }),
    SocialPostSchema,
    201,
  )
  const publishedTitle = `Boils fast ${tag}`
  const published = expectOk(
    await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
      token,
      body: {
        participationId: p.id,
        rating: 4,
        title: publishedTitle,
        body: 'Boils a litre in under three minutes and the handle stays cool to the touch.',
        receivedForFree: true,
      },
    }),
    MemberReviewSchema,
    201,
  )
  await approveReview(h.deps, published.id, commandLineActor())

  // A second test whose review waits for moderation.
  const pendingTitle = `Pending opinion ${tag}`
  const pendingBody = `My flat in Quillweg ${tag} is too small for it, and that is a long enough review body.`
  const second = await createCampaign(h.deps.db, h.clock.now(), { tasks: { social: false } })
  const p2 = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token, body: { campaignId: second.campaignId } }), ParticipationSchema, 201)
  await deliver(h.deps, await ship(h.deps, p2.id, 'UPS', `1Z${tag}`, commandLineActor()), commandLineActor())
  expectOk(
    await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
      token,
      body: { participationId: p2.id, rating: 2, title: pendingTitle, body: pendingBody, receivedForFree: true },
    }),
    MemberReviewSchema,
    201,
  )

  // An open application, withdrawn by the deletion.
  const third = await createCampaign(h.deps.db, h.clock.now())
  expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token, body: { campaignId: third.campaignId } }), ParticipationSchema, 201)

  // Front-end log entries: one quoting the address, one only carrying the uid.
  const logEntry = (log: string) => ({
    id: crypto.randomUUID(),
    type: 'front-end',
    application: 'portal',
    module: 'http://localhost:3000/en/member/profile',
    user_auth: { type: 'member', roles: [], id: member.uid },
    severity: 'ERROR',
    tags: [],
    event_at: formatEventAt(new Date()),
    log,
  })
  for (const log of [`Error: no account for ${member.email}`, 'Error: something broke']) {
    expectOk(
      await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { token, body: logEntry(log), headers: { 'x-forwarded-for': '203.0.113.51' } }),
      LogAcceptedSchema,
      201,
    )
  }
  // Two-step sign-in turned on: an authenticator, recovery codes and this session's pass.
  await enrolKnownAuthenticator(h.deps, member.uid, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'My phone')
  await passSecondFactor(h.deps.db, member.uid)
  await h.deps.db.insert(schema.recoveryCodes).values({ uid: member.uid, codeHash: 'a'.repeat(64), createdAt: new Date() })
  // A message to support that mentions the member.
  await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'support@testerscircle.example', body: `A question from ${phone} about a parcel.` })
  // Later a brand's user and invited by another brand (both name the member), after their tests:
  // insiders are not eligible for tests (docs/decisions/017-insiders-do-not-test.md).
  const [brand] = await h.deps.db
    .insert(schema.brands)
    .values({ name: `Deletion brand ${crypto.randomUUID()}` })
    .returning()
  await h.deps.db
    .insert(schema.brandUsers)
    .values({ uid: member.uid, brandId: brand!.id, email: member.email, name: `${firstName} ${lastName}`, joinedAt: new Date(), invitedBy: 'test' })
  await h.deps.db.insert(schema.brandInvitations).values({
    brandId: brand!.id,
    email: member.email,
    tokenHash: crypto.randomUUID(),
    invitedBy: 'test',
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  })
  // Also a moderator, who has taken an action: the audit log names the actor until the account goes.
  await runOpsCommand(h.deps, { command: 'staff-grant', email: member.email, role: 'moderator' })
  await recordAudit(
    h.deps.db,
    {
      uid: member.uid,
      email: member.email,
      name: `${firstName} ${lastName}`,
      roles: ['moderator'],
      capabilities: ['reviews:moderate'],
      operationId: crypto.randomUUID(),
      ip: null,
      userAgent: null,
    },
    {
      action: 'review.approve',
      targetType: 'review',
      targetId: crypto.randomUUID(),
      changes: { before: { status: 'pending' }, after: { status: 'published' } },
    },
    new Date(),
  )
  // Support suspended the member with a note naming them (written last: a suspended member posts nothing).
  await h.deps.db
    .insert(schema.suspensions)
    .values({ memberId: created.id, reason: 'other', note: `${firstName} sent the same review twice`, suspendedAt: new Date(), suspendedBy: 'cli' })

  return {
    member,
    id: created.id,
    needles: [
      member.email,
      otherEmail,
      phone,
      firstName,
      lastName,
      `ZQ${tag}`,
      address.line1,
      address.line2,
      ibanOf,
      handle,
      screenerText,
      returnComment,
      pendingTitle,
      pendingBody,
    ],
    publishedReviewId: published.id,
    publishedTitle,
  }
}

/** Every row of every table of the schema that holds one of the needles, as `table: row`. */
async function rowsNaming(needles: string[]): Promise<{ table: string; row: Record<string, unknown> }[]> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
  expect(tables.map((t) => getTableName(t)).sort()).toEqual(Object.keys(TABLES).sort())
  const found: { table: string; row: Record<string, unknown> }[] = []
  const lowered = needles.map((n) => n.toLowerCase())
  for (const table of tables) {
    for (const row of (await h.deps.db.select().from(table)) as Record<string, unknown>[]) {
      const text = JSON.stringify(row).toLowerCase()
      if (lowered.some((n) => text.includes(n))) found.push({ table: getTableName(table), row })
    }
  }
  return found
}

describe('account deletion', () => {
  it('leaves nothing that names the member in any table, deletes the Firebase user, and lets the address register again', async () => {
    const seeded = await seedMember()
    const { member } = seeded
    // Seeding reached every table that can name a member.
    const before = new Set((await rowsNaming(seeded.needles)).map((f) => f.table))
    for (const table of [
      'members',
      'addresses',
      'social_profiles',
      'participations',
      'shipments',
      'reviews',
      'social_posts',
      'otp_codes',
      'outbox',
      'front_end_logs',
      'staff_roles',
      'brand_users',
      'brand_invitations',
      'audit_log',
      'suspensions',
    ]) {
      expect(before, table).toContain(table)
    }

    freshClock()
    const { pseudonymizedAt, receipt } = expectOk(
      await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: member.bearer, body: { confirm: true } }),
      PseudonymizeResultSchema,
    )
    expect(receipt.reference).toMatch(/^DEL-[A-Z0-9]{10}$/)
    expect(receipt.deletedAt).toBe(pseudonymizedAt)
    expect(receipt.withdrawnParticipations).toBe(1)
    expect(receipt.sentTo).toBe(`t•••@example.test`)
    expect(receipt.removed).toEqual([
      'profile',
      'contact',
      'birth-date-gender',
      'languages-preferences',
      'address',
      'payout',
      'social-profiles',
      'social-posts',
      'screener-answers',
      'return-comments',
      'unpublished-reviews',
      'codes-and-messages',
      'sign-in-account',
      'sessions',
    ])
    expect(receipt.kept).toEqual(['published-reviews', 'accounting-records', 'participation-history'])

    // Their second factors are held by uid, which stays as the pseudonym: each of those rows goes.
    for (const table of [schema.secondFactors, schema.recoveryCodes, schema.secondFactorPasses]) {
      expect(await h.deps.db.select().from(table).where(eq(table.uid, member.uid)), getTableName(table)).toEqual([])
    }

    // Table by table: only the receipt, flagged to be erased once delivered, still holds the address.
    const left = await rowsNaming(seeded.needles)
    expect(left.map((f) => f.table)).toEqual(['outbox'])
    expect(left[0]!.row).toMatchObject({ recipient: member.email, eraseAfterDelivery: true, subject: 'Your Testers Circle account was deleted' })
    expect(left[0]!.row['body']).toContain(receipt.reference)
    const [record] = await h.deps.db.select().from(members).where(eq(members.id, seeded.id))
    expect(record).toMatchObject({ uid: member.uid, displayName: 'Former member', deletionReference: receipt.reference })
    expect(record!.identityDeletedAt).toBeInstanceOf(Date)
    const [kept] = await h.deps.db.select().from(schema.reviews).where(eq(schema.reviews.memberId, seeded.id))
    expect(kept).toMatchObject({ id: seeded.publishedReviewId, title: seeded.publishedTitle, status: 'published' })

    // The relay in production erases the receipt once delivered: then no row names the member at all.
    const delivered: OutgoingMessage[] = []
    const relay = createOutboxRelay({
      db: h.deps.db,
      clock: h.clock,
      logger: h.deps.logger,
      mode: 'production',
      deliverers: { email: { deliver: async (m) => void delivered.push(m) } },
    })
    while ((await relay.runOnce()) > 0);
    expect(delivered.filter((m) => m.to === member.email).map((m) => m.subject)).toEqual(['Your Testers Circle account was deleted'])
    expect(await rowsNaming(seeded.needles)).toEqual([])

    // Signed out everywhere, and the Firebase user is gone.
    expectError(await call(h.app, 'GET', API_MEMBER_PATH, { token: member.bearer }), 'UNAUTHENTICATED', 401)
    await expect(auth().getUser(member.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    await expect(signIn(member.email, member.password)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/)

    // The same address registers again: a new Firebase user and a new member.
    const again = await auth().createUser({ email: member.email, password: member.password, displayName: 'Zelda Again' })
    expect(again.uid).not.toBe(member.uid)
    const token = await signIn(member.email, member.password)
    const fresh = expectOk(await call(h.app, 'POST', MEMBERS_PATH, { token, body: { firstName: 'Zelda', lastName: 'Again' } }), MemberSchema, 201)
    expect(fresh.id).not.toBe(seeded.id)
    expect(fresh.email).toBe(member.email)
  })

  it('disables the Firebase user when it cannot be deleted, and the operator command deletes it later', async () => {
    let firebaseDown = true
    const real = firebaseIdentity(projectId(), { clock: h.clock })
    const flaky: IdentityProvider = {
      ...real,
      async deleteUser(uid) {
        if (firebaseDown) throw Object.assign(new Error('Firebase unavailable'), { code: 'app/network-error' })
        return real.deleteUser(uid)
      },
    }
    const h2 = await createHarness({ database: h.database, identity: flaky })
    const member = await createTestMember()
    expectOk(await call(h2.app, 'POST', MEMBERS_PATH, { token: member.bearer, body: { firstName: 'Yves', lastName: 'Down' } }), MemberSchema, 201)
    h2.clock.set(new Date())
    const { receipt } = expectOk(await call(h2.app, 'POST', PSEUDONYMIZE_PATH, { token: member.bearer, body: { confirm: true } }), PseudonymizeResultSchema)
    expect(receipt.removed).toContain('sign-in-account')

    // The account cannot be used meanwhile: the user is disabled and the member record refuses it.
    expect((await auth().getUser(member.uid)).disabled).toBe(true)
    expectError(await call(h2.app, 'GET', API_MEMBER_PATH, { token: member.bearer }), 'UNAUTHENTICATED', 401)
    const [pending] = await h.deps.db.select().from(members).where(eq(members.uid, member.uid))
    expect(pending?.identityDeletedAt).toBeNull()

    firebaseDown = false
    const swept = (await runOpsCommand(h2.deps, { command: 'delete-identities' })) as { deleted: number; failed: string[] }
    expect(swept.failed).toEqual([])
    expect(swept.deleted).toBeGreaterThanOrEqual(1)
    await expect(auth().getUser(member.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    const [done] = await h.deps.db.select().from(members).where(eq(members.uid, member.uid))
    expect(done?.identityDeletedAt).toBeInstanceOf(Date)
    // Nothing left to sweep.
    expect(await runOpsCommand(h2.deps, { command: 'delete-identities' })).toEqual({ deleted: 0, failed: [] })
  })

  it('goes through when the member withdraws from a test at the same moment, whichever comes first', async () => {
    // Both at once for several members: the deletion lists the open applications, and one may be
    // withdrawn by the member before the deletion reaches it; it is then left as the member left it.
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    const testers = await Promise.all(Array.from({ length: 8 }, () => createTestMember({ emailVerified: true })))
    const pids: string[] = []
    for (const tester of testers) {
      await call(h.app, 'PUT', ADDRESS_PATH, { token: tester.bearer, body: ownAddress() })
      const applied = expectOk(
        await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: tester.bearer, body: { campaignId: campaign.campaignId } }),
        ParticipationSchema,
        201,
      )
      pids.push(applied.id)
    }
    freshClock()
    const outcomes = await Promise.all(
      testers.map(async (tester, index) => {
        const withdrawPath = fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: pids[index]! })
        const [deleted, withdrawn] = await Promise.all([
          call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: tester.bearer, body: { confirm: true } }),
          call(h.app, 'PATCH', withdrawPath, { token: tester.bearer, body: { action: 'withdraw' } }),
        ])
        return { deleted, withdrawn }
      }),
    )
    for (const { deleted, withdrawn } of outcomes) {
      expect(deleted.status, JSON.stringify(deleted.json)).toBe(200)
      // The withdrawal may come after the deletion, which refuses it; it never fails.
      expect(withdrawn.status, JSON.stringify(withdrawn.json)).toBeLessThan(500)
    }
    const rows = await h.deps.db.select({ status: schema.participations.status }).from(schema.participations).where(inArray(schema.participations.id, pids))
    expect(rows.map((row) => row.status)).toEqual(pids.map(() => 'withdrawn'))
  })

  it('asks for confirmation and a signed-in member', async () => {
    const member = await createTestMember()
    freshClock()
    expectError(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: member.bearer, body: {} }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: member.bearer, body: { confirm: 'yes' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { body: { confirm: true } }), 'UNAUTHENTICATED', 401)
    expect((await auth().getUser(member.uid)).disabled).toBe(false)
  })
})
