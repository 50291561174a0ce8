import { getAuth } from 'firebase-admin/auth'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PublicReviewPageSchema } from '../../contract/campaigns'
import { ProfileExportSchema } from '../../contract/export'
import {
  MemberSchema,
  MyReferralsSchema,
  NotificationSettingsSchema,
  PseudonymizeResultSchema,
  ReferralCodeCheckResultSchema,
  SocialProfilesResultSchema,
} from '../../contract/members'
import { MemberReviewSchema } from '../../contract/content'
import { formatEventAt, LogAcceptedSchema } from '../../contract/logs'
import { OtpSentSchema } from '../../contract/otp'
import { ParticipationSchema } from '../../contract/participations'
import {
  ACK_QUESTIONNAIRE_PATH,
  ADDRESS_PATH,
  API_MEMBER_PATH,
  DOWNLOAD_PDF_PATH,
  DOWNLOAD_PROFILE_PATH,
  DOWNLOAD_PROFILE_PDF_PATH,
  EMAIL_OTP_SEND_PATH,
  FLIGHT_REVIEW_PATH,
  LOGS_COLLECTOR_PATH,
  MEMBERS_PATH,
  MY_REFERRALS_PATH,
  NOTIFICATIONS_PATH,
  PHONE_OTP_SEND_PATH,
  PROCESS_SIGNUP_PATH,
  PSEUDONYMIZE_PATH,
  PUBLIC_REVIEW_PATH,
  REFERRAL_CODE_CHECK_PATH,
  SOCIAL_PROFILES_PATH,
  fillPath,
} from '../../contract/paths'
import { frontEndLogs, outbox, rateLimits } from '../db/schema'
import { initFirebase } from '../identity/identity'
import { approveReview, deliver, ship } from '../services/operations'
import { commandLineActor } from '../actors/actor'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, projectId, verifyEmail, type TestMember } from '../test/members'

let h: Harness
let ada: TestMember
let bob: TestMember
beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember(), createTestMember()])
})
afterAll(() => h?.close())

describe('notification settings', () => {
  it('reads defaults, replaces them, and rejects partial or unknown settings', async () => {
    const defaults = expectOk(await call(h.app, 'GET', NOTIFICATIONS_PATH, { token: ada.bearer }), NotificationSettingsSchema)
    expect(defaults.email.shipmentUpdates).toBe(true)
    const next = { email: { ...defaults.email, newsletter: true }, sms: { ...defaults.sms, reminders: true } }
    expect(expectOk(await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: ada.bearer, body: next }), NotificationSettingsSchema)).toEqual(next)
    expectError(await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: ada.bearer, body: { email: next.email } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: ada.bearer, body: { ...next, push: {} } }), 'BAD_REQUEST', 400)
    expect(expectOk(await call(h.app, 'GET', NOTIFICATIONS_PATH, { token: ada.bearer }), NotificationSettingsSchema)).toEqual(next)
    expect(expectOk(await call(h.app, 'GET', NOTIFICATIONS_PATH, { token: bob.bearer }), NotificationSettingsSchema)).toEqual(defaults)
    // The newsletter goes by e-mail only: asked for by text message, it is stored off.
    const byText = { ...next, sms: { ...next.sms, newsletter: true } }
    expect(expectOk(await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: ada.bearer, body: byText }), NotificationSettingsSchema)).toEqual(next)
    expect(expectOk(await call(h.app, 'GET', NOTIFICATIONS_PATH, { token: ada.bearer }), NotificationSettingsSchema).sms.newsletter).toBe(false)
    expectError(await call(h.app, 'GET', NOTIFICATIONS_PATH), 'UNAUTHENTICATED', 401)
  })
})

describe('social profiles', () => {
  it('keeps one profile per platform and deletes by platform', async () => {
    const saved = expectOk(
      await call(h.app, 'PUT', SOCIAL_PROFILES_PATH, { token: ada.bearer, body: { platform: 'instagram', handle: '@ada.tests', followers: 1200 } }),
      SocialProfilesResultSchema,
    )
    expect(saved.profiles).toMatchObject([{ platform: 'instagram', handle: 'ada.tests', followers: 1200 }])
    const updated = expectOk(
      await call(h.app, 'PUT', SOCIAL_PROFILES_PATH, {
        token: ada.bearer,
        body: { platform: 'instagram', handle: 'ada.tests', followers: 1300, url: 'https://instagram.com/ada.tests' },
      }),
      SocialProfilesResultSchema,
    )
    expect(updated.profiles).toHaveLength(1)
    expectError(
      await call(h.app, 'PUT', SOCIAL_PROFILES_PATH, { token: ada.bearer, body: { platform: 'myspace', handle: 'x', followers: 1 } }),
      'BAD_REQUEST',
      400,
    )
    expectError(await call(h.app, 'DELETE', SOCIAL_PROFILES_PATH, { token: bob.bearer, query: { platform: 'instagram' } }), 'NOT_FOUND', 404)
    expect(expectOk(await call(h.app, 'GET', SOCIAL_PROFILES_PATH, { token: ada.bearer }), SocialProfilesResultSchema).profiles).toHaveLength(1)
    expect(
      expectOk(await call(h.app, 'DELETE', SOCIAL_PROFILES_PATH, { token: ada.bearer, query: { platform: 'instagram' } }), SocialProfilesResultSchema).profiles,
    ).toEqual([])
    expectError(await call(h.app, 'GET', SOCIAL_PROFILES_PATH), 'UNAUTHENTICATED', 401)
  })
})

describe('referrals', () => {
  it('checks codes (signed out too) and lists referrals by status, accepted after the first finished test', async () => {
    const adaMember = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: ada.bearer }), MemberSchema)
    expect(expectOk(await call(h.app, 'POST', REFERRAL_CODE_CHECK_PATH, { body: { code: adaMember.referralCode } }), ReferralCodeCheckResultSchema).valid).toBe(
      true,
    )
    expect(expectOk(await call(h.app, 'POST', REFERRAL_CODE_CHECK_PATH, { body: { code: 'NOPE1234' } }), ReferralCodeCheckResultSchema).valid).toBe(false)
    // One's own code is not a valid referral.
    expect(
      expectOk(
        await call(h.app, 'POST', REFERRAL_CODE_CHECK_PATH, { token: ada.bearer, body: { code: adaMember.referralCode } }),
        ReferralCodeCheckResultSchema,
      ).valid,
    ).toBe(false)
    expectError(await call(h.app, 'POST', REFERRAL_CODE_CHECK_PATH, { body: { referral: 'x' } }), 'BAD_REQUEST', 400)

    expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, { token: bob.bearer, body: { firstName: 'Bob', lastName: 'Byte', referralCode: adaMember.referralCode } }),
      MemberSchema,
      201,
    )
    let mine = expectOk(await call(h.app, 'GET', MY_REFERRALS_PATH, { token: ada.bearer }), MyReferralsSchema)
    expect(mine.referrals).toMatchObject([{ status: 'pending', pointsAwarded: 0 }])
    expect(JSON.stringify(mine)).not.toContain('Bob')

    // Bob finishes a test: the referral is accepted and Ada earns the mission points.
    await call(h.app, 'PUT', ADDRESS_PATH, { token: bob.bearer, body: GOOD_ADDRESS })
    const c = await createCampaign(h.deps.db, h.clock.now(), { tasks: { social: false } })
    const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: bob.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    await ship(h.deps, p.id, 'UPS', '1Z999', commandLineActor())
    await deliver(h.deps, p.id, commandLineActor())
    const r = expectOk(
      await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
        token: bob.bearer,
        body: {
          participationId: p.id,
          rating: 3,
          title: 'It is fine',
          body: 'Does what it says on the box; nothing more, nothing less, for three weeks.',
          receivedForFree: true,
        },
      }),
      MemberReviewSchema,
      201,
    )
    await approveReview(h.deps, r.id, commandLineActor())
    // The test is finished only with its questionnaire acknowledged too.
    mine = expectOk(await call(h.app, 'GET', MY_REFERRALS_PATH, { token: ada.bearer }), MyReferralsSchema)
    expect(mine.referrals).toMatchObject([{ status: 'pending', pointsAwarded: 0 }])
    expectOk(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: bob.bearer, body: { participationId: p.id } }), ParticipationSchema)
    mine = expectOk(await call(h.app, 'GET', MY_REFERRALS_PATH, { token: ada.bearer }), MyReferralsSchema)
    expect(mine.referrals).toMatchObject([{ status: 'accepted', pointsAwarded: 100 }])
    expect(expectOk(await call(h.app, 'GET', MY_REFERRALS_PATH, { token: bob.bearer }), MyReferralsSchema).referrals).toEqual([])
    expectError(await call(h.app, 'GET', MY_REFERRALS_PATH), 'UNAUTHENTICATED', 401)
  })
})

describe('data export and deletion', () => {
  it('exports everything as JSON and as a PDF', async () => {
    const data = expectOk(await call(h.app, 'GET', DOWNLOAD_PROFILE_PATH, { token: bob.bearer }), ProfileExportSchema)
    expect(data.member.firstName).toBe('Bob')
    expect(data.participations).toHaveLength(1)
    expect(data.reviews).toHaveLength(1)
    const pdf = await h.app.request(`/${DOWNLOAD_PROFILE_PDF_PATH}`, { headers: { authorization: bob.bearer } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const post = await h.app.request(`/${DOWNLOAD_PDF_PATH}`, { method: 'POST', headers: { authorization: bob.bearer } })
    expect(post.status).toBe(200)
    expectError(await call(h.app, 'POST', DOWNLOAD_PDF_PATH, { token: bob.bearer, body: { format: 'a3' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'GET', DOWNLOAD_PROFILE_PATH), 'UNAUTHENTICATED', 401)
  })

  it('pseudonymises on confirmation: personal data gone, reviews kept as "Former member", Firebase user deleted', async () => {
    // Deletion asks for a recent sign-in: Bob signs in afresh, by the harness clock, with his address
    // verified (codes by text message go only to members with a verified e-mail address).
    h.clock.set(new Date())
    bob = await verifyEmail(bob)
    expectError(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: bob.bearer, body: {} }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { body: { confirm: true } }), 'UNAUTHENTICATED', 401)
    const before = expectOk(await call(h.app, 'GET', DOWNLOAD_PROFILE_PATH, { token: bob.bearer }), ProfileExportSchema)

    // Bob's addresses are spread over the outbox, the send limits and the front-end logs.
    const bobId = before.member.id
    const bobNewEmail = `new-${bob.uid.toLowerCase()}@example.test`
    const bobPhone = '+4915123456700'
    const bobAddresses = [bob.email, bobNewEmail, bobPhone]
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: bob.bearer, body: { email: bobNewEmail } }), OtpSentSchema)
    expectOk(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: bob.bearer, body: { phone: bobPhone } }), OtpSentSchema)
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'support@testerscircle.example', body: `A question from ${bob.email} about a parcel.` })
    const logEntry = {
      id: crypto.randomUUID(),
      type: 'front-end',
      application: 'portal',
      module: 'http://localhost:3000/en/member/delete-account',
      user_auth: { type: 'member', roles: [], id: bob.uid },
      severity: 'ERROR',
      tags: [],
      event_at: formatEventAt(new Date()),
      log: 'Error: something broke',
    }
    expectOk(
      await call(h.app, 'POST', LOGS_COLLECTOR_PATH, { token: bob.bearer, body: logEntry, headers: { 'x-forwarded-for': '203.0.113.50' } }),
      LogAcceptedSchema,
      201,
    )
    // Ada's own messages and counters must survive Bob's deletion.
    const adaNewEmail = `new-${ada.uid.toLowerCase()}@example.test`
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: adaNewEmail } }), OtpSentSchema)

    const mentionsBob = (text: string) => text.includes(bobId) || bobAddresses.some((a) => text.includes(a))
    const bobsOutbox = async () => (await h.deps.db.select().from(outbox)).filter((r) => mentionsBob(`${r.recipient} ${r.subject ?? ''} ${r.body}`))
    const bobsLimits = async () => (await h.deps.db.select().from(rateLimits)).filter((r) => mentionsBob(r.key))
    expect((await bobsOutbox()).map((r) => r.recipient).sort()).toEqual(
      // selected, shipped, delivered, review published, two codes, the mention
      [bob.email, bob.email, bob.email, bob.email, bobNewEmail, bobPhone, 'support@testerscircle.example'].sort(),
    )
    expect((await bobsLimits()).map((r) => r.key).sort()).toEqual([`otp:email:${bobNewEmail}`, `otp:member:${bobId}`, `otp:sms:${bobPhone}`])

    const { receipt } = expectOk(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: bob.bearer, body: { confirm: true } }), PseudonymizeResultSchema)

    // Only the receipt is left to Bob's address, flagged so the relay erases it once delivered.
    const left = await bobsOutbox()
    expect(left.map((r) => ({ to: r.recipient, erase: r.eraseAfterDelivery }))).toEqual([{ to: bob.email, erase: true }])
    expect(left[0]!.body).toContain(receipt.reference)
    expect(await bobsLimits()).toEqual([])
    const [log] = await h.deps.db.select().from(frontEndLogs).where(eq(frontEndLogs.entryId, logEntry.id))
    expect(log).toMatchObject({ userId: null, log: 'Error: something broke' })
    expect((await h.deps.db.select().from(outbox)).some((r) => r.recipient === adaNewEmail)).toBe(true)
    expect((await h.deps.db.select().from(rateLimits)).map((r) => r.key)).toContain(`otp:email:${adaNewEmail}`)
    expectError(await call(h.app, 'GET', API_MEMBER_PATH, { token: bob.bearer }), 'UNAUTHENTICATED', 401)
    await expect(getAuth(initFirebase(projectId())).getUser(bob.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    const review = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: before.reviews[0]!.id })), PublicReviewPageSchema)
    expect(review.authorName).toBe('Former member')
  })
})
