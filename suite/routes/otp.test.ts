import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiUserSchema, MemberSummarySchema } from '../../contract/members'
import { EmailValidateResultSchema, OtpSentSchema, OtpVerifiedSchema, PhoneValidateResultSchema, SMS_NEEDS_VERIFIED_EMAIL } from '../../contract/otp'
import {
  API_USER_PATH,
  EMAIL_OTP_SEND_PATH,
  EMAIL_OTP_VERIFY_PATH,
  EMAIL_PATH,
  EMAIL_VALIDATE_PATH,
  PHONE_NUMBER_PATH,
  PHONE_OTP_SEND_PATH,
  PHONE_OTP_VERIFY_PATH,
  PHONE_VALIDATE_PATH,
} from '../../contract/paths'
import { initFirebase } from '../identity/identity'
import { createSuiteApp } from '../app'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { rateLimits } from '../db/schema'
import { createTestMember, projectId, refreshToken, verifyEmail, type TestMember } from '../test/members'
import { countSentTo, lastCodeSentTo, messagesTo } from '../test/outbox'

let h: Harness
let ada: TestMember
let bob: TestMember
beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember(), createTestMember()])
})
afterAll(() => h?.close())

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('e-mail change with a one-time code', () => {
  it('validates addresses: format for everyone, in-use only for members', async () => {
    const signedOut = expectOk(await call(h.app, 'POST', EMAIL_VALIDATE_PATH, { body: { email: bob.email } }), EmailValidateResultSchema)
    expect(signedOut).toEqual({ valid: true, email: bob.email, reason: null })
    // Bob's record exists once he has called the API.
    await call(h.app, 'GET', 'api/member', { token: bob.bearer })
    const taken = expectOk(
      await call(h.app, 'POST', EMAIL_VALIDATE_PATH, { token: ada.bearer, body: { email: bob.email.toUpperCase() } }),
      EmailValidateResultSchema,
    )
    expect(taken.reason).toBe('in-use')
    expect(expectOk(await call(h.app, 'POST', EMAIL_VALIDATE_PATH, { body: { email: 'not-an-email' } }), EmailValidateResultSchema).reason).toBe('format')
    expectError(await call(h.app, 'POST', EMAIL_VALIDATE_PATH, { body: { mail: 'x@y.z' } }), 'BAD_REQUEST', 400)
  })

  it('sends, verifies and applies the change, in Firebase too, and tells the old address', async () => {
    const previous = ada.email
    const next = `new-${ada.uid.toLowerCase()}@example.test`
    const sent = expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: next } }), OtpSentSchema)
    expect(sent.sentTo).toMatch(/^n•••@example\.test$/)
    // Without a verified code the change is refused, and nothing is sent to the old address.
    expectError(await call(h.app, 'PUT', EMAIL_PATH, { token: ada.bearer, body: { email: next } }), 'CONFLICT', 409)
    expect(await countSentTo(h.app, previous)).toBe(0)
    const code = await lastCodeSentTo(h.app, next)
    const bad = expectError(
      await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: next, code: wrong(code) } }),
      'BAD_REQUEST',
      400,
    )
    expect(bad.fields?.code?.[0]).toMatch(/4 tries left/)
    expectOk(await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: next, code } }), OtpVerifiedSchema)
    const summary = expectOk(await call(h.app, 'PUT', EMAIL_PATH, { token: ada.bearer, body: { email: next } }), MemberSummarySchema)
    expect(summary).toMatchObject({ email: next, emailVerified: true })
    const user = await getAuth(initFirebase(projectId())).getUser(ada.uid)
    expect(user.email).toBe(next)
    // Changing the e-mail revokes ID tokens issued before the change (second resolution): sign in again.
    ada = await refreshToken(ada, next)
    // The code is used up.
    expectError(await call(h.app, 'PUT', EMAIL_PATH, { token: ada.bearer, body: { email: next } }), 'CONFLICT', 409)

    // The old address was told once: the masked new address, when, and whom to write to if it was not the member.
    const notices = await messagesTo(h.app, previous)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ channel: 'email', subject: 'Your Testers Circle e-mail address was changed' })
    expect(notices[0]?.body).toContain('changed to n•••@example.test on ')
    expect(notices[0]?.body).toMatch(/on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC/)
    expect(notices[0]?.body).toContain('If you did not make this change, write to support@testerscircle.example right away')
    expect(notices[0]?.body).not.toContain(next)
    // The new address got the code only.
    expect((await messagesTo(h.app, next)).map((m) => m.subject)).toEqual(['Your Testers Circle confirmation code'])
  })

  it('sends no notice when the change fails in Firebase (the address is taken there)', async () => {
    const eve = await createTestMember()
    const taken = `taken-${eve.uid.toLowerCase()}@example.test`
    // A Firebase user holds the address without a member record in the suite.
    await getAuth(initFirebase(projectId())).createUser({ email: taken, password: `pw-${eve.uid}` })
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: eve.bearer, body: { email: taken } }), OtpSentSchema)
    const code = await lastCodeSentTo(h.app, taken)
    expectOk(await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: eve.bearer, body: { email: taken, code } }), OtpVerifiedSchema)
    expect(expectError(await call(h.app, 'PUT', EMAIL_PATH, { token: eve.bearer, body: { email: taken } }), 'CONFLICT', 409).reason).toEqual({ code: 'in-use' })
    expect(await countSentTo(h.app, eve.email)).toBe(0)
    expect(expectOk(await call(h.app, 'GET', 'api/member', { token: eve.bearer }), MemberSummarySchema).email).toBe(eve.email)
  })

  it('locks a code after 5 wrong tries and expires it after 10 minutes', async () => {
    const target = `lock-${ada.uid.toLowerCase()}@example.test`
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: target } }), OtpSentSchema)
    const code = await lastCodeSentTo(h.app, target)
    for (let i = 0; i < 4; i++) {
      const refused = expectError(
        await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: target, code: wrong(code) } }),
        'BAD_REQUEST',
        400,
      )
      expect(refused.reason).toEqual({ code: 'wrong-code', triesLeft: 4 - i })
    }
    const fifth = await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: target, code: wrong(code) } })
    expectError(fifth, 'RATE_LIMITED', 429)
    // Even the right code no longer works.
    expectError(await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: target, code } }), 'RATE_LIMITED', 429)

    const later = `late-${ada.uid.toLowerCase()}@example.test`
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: later } }), OtpSentSchema)
    const lateCode = await lastCodeSentTo(h.app, later)
    h.clock.advance(10 * 60_000 + 1)
    const expired = expectError(
      await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: later, code: lateCode } }),
      'BAD_REQUEST',
      400,
    )
    expect(expired.reason).toEqual({ code: 'code-expired' })
  })

  it('limits sends per address per hour, with Retry-After', async () => {
    const target = `limit-${bob.uid.toLowerCase()}@example.test`
    for (let i = 0; i < 5; i++) expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: bob.bearer, body: { email: target } }), OtpSentSchema)
    const sixth = await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: bob.bearer, body: { email: target } })
    expectError(sixth, 'RATE_LIMITED', 429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await countSentTo(h.app, target)).toBe(5)
  })

  it('limits sends per member per hour across addresses and channels (otp:member:), with Retry-After', async () => {
    // Cyd's address is verified: codes by text message go only to members with a verified e-mail address.
    const [cyd, dee] = await Promise.all([createTestMember({ emailVerified: true }), createTestMember()])
    const email = (n: number) => `member-limit-${n}-${cyd.uid.toLowerCase()}@example.test`
    // Five codes to five addresses, e-mail and SMS: each address is far below its own limit.
    for (const n of [1, 2, 3]) expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: cyd.bearer, body: { email: email(n) } }), OtpSentSchema)
    for (const phone of ['+4915123450001', '+4915123450002']) {
      expectOk(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: cyd.bearer, body: { phone } }), OtpSentSchema)
    }
    const sixth = await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: cyd.bearer, body: { email: email(4) } })
    expect(expectError(sixth, 'RATE_LIMITED', 429).message).toMatch(/Too many codes/)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expectError(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: cyd.bearer, body: { phone: '+4915123450003' } }), 'RATE_LIMITED', 429)
    expect(await countSentTo(h.app, email(4))).toBe(0)
    expect(await countSentTo(h.app, '+4915123450003')).toBe(0)
    // Another member may still send a code to the address Cyd was refused.
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: dee.bearer, body: { email: email(4) } }), OtpSentSchema)
    // The window is an hour: the next one sends again.
    h.clock.advance(60 * 60_000)
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: cyd.bearer, body: { email: email(5) } }), OtpSentSchema)
  })

  it('refuses to send a code to an address another account has, saying so by its reason', async () => {
    const holder = await createTestMember()
    // Their first call makes their record, with their address.
    expectOk(await call(h.app, 'GET', 'api/member', { token: holder.bearer }), MemberSummarySchema)
    const refused = expectError(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: bob.bearer, body: { email: holder.email } }), 'CONFLICT', 409)
    expect(refused.reason).toEqual({ code: 'in-use' })
    expect(await countSentTo(h.app, holder.email)).toBe(0)
  })

  it('rejects bad input (nothing sent) and missing tokens', async () => {
    expectError(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: bob.bearer, body: { email: 'nope' } }), 'BAD_REQUEST', 400)
    expect(await countSentTo(h.app, 'nope')).toBe(0)
    expectError(await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: bob.bearer, body: { email: 'a@b.example', code: '12ab56' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { body: { email: 'a@b.example' } }), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'PUT', EMAIL_PATH, { body: { email: 'a@b.example' } }), 'UNAUTHENTICATED', 401)
  })
})

describe('phone change with a one-time code', () => {
  // The e-mail tests moved the suite's clock an hour on; applying a number needs a sign-in at most
  // 5 minutes old by that clock, so it is back on the real time.
  beforeAll(() => h.clock.set(new Date()))

  it('validates numbers with libphonenumber', async () => {
    const national = expectOk(await call(h.app, 'POST', PHONE_VALIDATE_PATH, { body: { phone: '0151 12345678', country: 'DE' } }), PhoneValidateResultSchema)
    expect(national).toMatchObject({ valid: true, e164: '+4915112345678', country: 'DE' })
    expect(expectOk(await call(h.app, 'POST', PHONE_VALIDATE_PATH, { body: { phone: '12' } }), PhoneValidateResultSchema).reason).toBe('format')
    expect(expectOk(await call(h.app, 'POST', PHONE_VALIDATE_PATH, { body: { phone: '+49 30 901820' } }), PhoneValidateResultSchema).reason).toBe('not-mobile')
  })

  it('verifies the number and sets the phoneVerified claim', async () => {
    // Ada's address was verified by the e-mail change above.
    const phone = '+49 1512 3456789'
    expectOk(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: ada.bearer, body: { phone } }), OtpSentSchema)
    const code = await lastCodeSentTo(h.app, '+4915123456789')
    expectOk(await call(h.app, 'POST', PHONE_OTP_VERIFY_PATH, { token: ada.bearer, body: { phone, code } }), OtpVerifiedSchema)
    const summary = expectOk(await call(h.app, 'PUT', PHONE_NUMBER_PATH, { token: ada.bearer, body: { phone } }), MemberSummarySchema)
    expect(summary).toMatchObject({ phone: '+4915123456789', phoneVerified: true })
    const user = await getAuth(initFirebase(projectId())).getUser(ada.uid)
    expect(user.customClaims?.['phoneVerified']).toBe(true)
    ada = await refreshToken(ada)
    expect(expectOk(await call(h.app, 'GET', API_USER_PATH, { token: ada.bearer }), ApiUserSchema).phoneVerified).toBe(true)
  })

  it('refuses landlines and bad bodies', async () => {
    const eli = await createTestMember({ emailVerified: true })
    const landline = expectError(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: eli.bearer, body: { phone: '+49 30 901820' } }), 'BAD_REQUEST', 400)
    expect(landline.fields).toEqual({ phone: ['is not a mobile number'] })
    expectError(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: eli.bearer, body: { phone: '+4915112345678', extra: 1 } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { body: { phone: '+4915112345678' } }), 'UNAUTHENTICATED', 401)
  })
})

describe('text-message limits', () => {
  // A database of its own: the hourly totals start from nothing.
  let own: Harness
  beforeAll(async () => {
    own = await createHarness()
  })
  afterAll(() => own?.close())
  const limited = () => createSuiteApp({ ...own.deps, settings: { ...own.deps.settings, smsLimits: { countries: ['DE'], perHour: 3, perClientPerHour: 2 } } })
  const send = (app: ReturnType<typeof limited>, member: TestMember, phone: string, client: string) =>
    call(app, 'POST', PHONE_OTP_SEND_PATH, { token: member.bearer, body: { phone }, headers: { 'x-forwarded-for': client } })

  it('sends only to the configured countries', async () => {
    const refused = await send(limited(), await createTestMember({ emailVerified: true }), '+33612345678', '203.0.113.10')
    const said = expectError(refused, 'BAD_REQUEST', 400)
    expect(said.fields).toEqual({ phone: ['is in a country we do not send text messages to'] })
    expect(said.reason).toEqual({ code: 'country-not-served' })
    expect(await countSentTo(own.app, '+33612345678')).toBe(0)
  })

  it('caps text messages per client address and in all, and counts only what was sent', async () => {
    const app = limited()
    const verified = () => createTestMember({ emailVerified: true })
    const [one, two, three] = await Promise.all([verified(), verified(), verified()])
    expectOk(await send(app, one, '+4915123450101', '203.0.113.20'), OtpSentSchema)
    expectOk(await send(app, two, '+4915123450102', '203.0.113.20'), OtpSentSchema)
    // A third account from the same address is refused, and nothing goes out.
    expectError(await send(app, three, '+4915123450103', '203.0.113.20'), 'RATE_LIMITED', 429)
    expect(await countSentTo(own.app, '+4915123450103')).toBe(0)
    // Another address may send, until the hourly total is reached.
    expectOk(await send(app, three, '+4915123450103', '203.0.113.21'), OtpSentSchema)
    expectError(await send(app, one, '+4915123450104', '203.0.113.22'), 'RATE_LIMITED', 429)
    expect(await countSentTo(own.app, '+4915123450104')).toBe(0)
  })
})

describe('text messages need a verified e-mail address', () => {
  // A database of its own: every counter it holds comes from this test.
  let own: Harness
  beforeAll(async () => {
    own = await createHarness({ settings: { smsLimits: { countries: ['DE'], perHour: 3, perClientPerHour: 2 } } })
  })
  afterAll(() => own?.close())
  const send = (member: TestMember, phone: string) =>
    call(own.app, 'POST', PHONE_OTP_SEND_PATH, { token: member.bearer, body: { phone }, headers: { 'x-forwarded-for': '203.0.113.40' } })

  it('refuses a member whose e-mail is not verified, sends and counts nothing, and sends once it is verified', async () => {
    let una = await createTestMember()
    const phone = '+4915123450301'
    // More refusals than the client address may send in an hour; a landline gets the same answer.
    for (const number of [phone, phone, phone, '+49 30 901820']) {
      const refused = expectError(await send(una, number), 'BAD_REQUEST', 400)
      expect(refused.fields).toEqual({ email: [SMS_NEEDS_VERIFIED_EMAIL] })
      expect(refused.reason).toEqual({ code: 'email-unconfirmed' })
      expect(refused.message).toMatch(/only to members whose e-mail address is verified/)
    }
    expect(await countSentTo(own.app, phone)).toBe(0)
    expect(await own.deps.db.select().from(rateLimits)).toEqual([])
    // Codes by e-mail are not affected.
    const email = `una-${una.uid.toLowerCase()}@example.test`
    expectOk(await call(own.app, 'POST', EMAIL_OTP_SEND_PATH, { token: una.bearer, body: { email } }), OtpSentSchema)

    // Una opens the verification link: her next token says so, and the same number from the same
    // client address is sent the code, twice, as the per-client limit allows.
    una = await verifyEmail(una)
    expectOk(await send(una, phone), OtpSentSchema)
    expectOk(await send(una, phone), OtpSentSchema)
    expect(await countSentTo(own.app, phone)).toBe(2)
    expectError(await send(una, phone), 'RATE_LIMITED', 429)
  })
})
