// Changes that could take an account over (e-mail, phone number, payout details, deletion) need a
// sign-in at most RECENT_SIGN_IN_SECONDS old; a refused call changes nothing and uses nothing up.
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RECENT_SIGN_IN_SECONDS } from '../../contract/auth'
import { MemberSchema, MemberSummarySchema } from '../../contract/members'
import { OtpVerifiedSchema } from '../../contract/otp'
import {
  API_MEMBER_PATH,
  EMAIL_OTP_SEND_PATH,
  EMAIL_OTP_VERIFY_PATH,
  EMAIL_PATH,
  MEMBERS_PATH,
  PHONE_NUMBER_PATH,
  PHONE_OTP_SEND_PATH,
  PHONE_OTP_VERIFY_PATH,
  PSEUDONYMIZE_PATH,
  UPDATE_PROFILE_PATH,
} from '../../contract/paths'
import { initFirebase } from '../identity/identity'
import { call, createHarness, expectError, expectOk, type CallResult, type Harness } from '../test/harness'
import { acceptSignInsSince, createTestMember, projectId, refreshToken, tokenSignedInAt, type TestMember } from '../test/members'
import { countSentTo, lastCodeSentTo } from '../test/outbox'

let h: Harness
let ada: TestMember
let bob: TestMember
beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember(), createTestMember()])
})
afterAll(() => h?.close())
// Each test starts with the suite's clock on the real time, so the members' sign-ins are recent.
beforeEach(() => h.clock.set(new Date()))

/** Moves the suite's clock past the window: every sign-in so far is no longer recent. */
const signInGetsOld = () => h.clock.advance(RECENT_SIGN_IN_SECONDS * 1000 + 1000)

function expectReauth(result: CallResult) {
  const error = expectError(result, 'REAUTH_REQUIRED', 401)
  expect(error.message).toMatch(/Sign in again/)
  expect(result.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_user_authentication", max_age=${RECENT_SIGN_IN_SECONDS}`)
}

const firebaseUser = (uid: string) => getAuth(initFirebase(projectId())).getUser(uid)
const profileOf = async (member: TestMember) => expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: member.bearer }), MemberSchema)

describe('PUT e-mail address', () => {
  it('is refused after 5 minutes, changes nothing and keeps the verified code for the retry', async () => {
    const next = `recent-${ada.uid.toLowerCase()}@example.test`
    await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: ada.bearer, body: { email: next } })
    const code = await lastCodeSentTo(h.app, next)
    expectOk(await call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: ada.bearer, body: { email: next, code } }), OtpVerifiedSchema)

    signInGetsOld()
    expectReauth(await call(h.app, 'PUT', EMAIL_PATH, { token: ada.bearer, body: { email: next } }))
    expect((await profileOf(ada)).email).toBe(ada.email)
    expect((await firebaseUser(ada.uid)).email).toBe(ada.email)
    expect(await countSentTo(h.app, ada.email)).toBe(0)

    // Signed in again: the code verified before the refusal still applies the change.
    h.clock.set(new Date())
    ada = await refreshToken(ada)
    const summary = expectOk(await call(h.app, 'PUT', EMAIL_PATH, { token: ada.bearer, body: { email: next } }), MemberSummarySchema)
    expect(summary.email).toBe(next)
    expect((await firebaseUser(ada.uid)).email).toBe(next)
    ada = await refreshToken(ada, next)
  })
})

describe('PUT phone number', () => {
  it('is refused after 5 minutes, changes nothing and keeps the verified code for the retry', async () => {
    const phone = '+4915123459876'
    await call(h.app, 'POST', PHONE_OTP_SEND_PATH, { token: ada.bearer, body: { phone } })
    const code = await lastCodeSentTo(h.app, phone)
    expectOk(await call(h.app, 'POST', PHONE_OTP_VERIFY_PATH, { token: ada.bearer, body: { phone, code } }), OtpVerifiedSchema)

    signInGetsOld()
    expectReauth(await call(h.app, 'PUT', PHONE_NUMBER_PATH, { token: ada.bearer, body: { phone } }))
    expect(await profileOf(ada)).toMatchObject({ phone: null, phoneVerified: false })
    expect((await firebaseUser(ada.uid)).customClaims?.['phoneVerified']).toBeUndefined()

    h.clock.set(new Date())
    ada = await refreshToken(ada)
    const summary = expectOk(await call(h.app, 'PUT', PHONE_NUMBER_PATH, { token: ada.bearer, body: { phone } }), MemberSummarySchema)
    expect(summary).toMatchObject({ phone, phoneVerified: true })
    ada = await refreshToken(ada)
  })
})

describe('PATCH update-profile', () => {
  const paypal = { method: 'paypal', email: 'ada.payouts@example.test' } as const
  const iban = { method: 'iban', accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' } as const

  it('refuses setting or removing payout details after 5 minutes, and changes none of the other fields sent with them', async () => {
    expectOk(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: { payout: paypal } }), MemberSchema)

    signInGetsOld()
    expectReauth(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: { payout: iban } }))
    expectReauth(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: { payout: null } }))
    expectReauth(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: { displayName: 'Changed With Payout', payout: iban } }))
    const after = await profileOf(ada)
    expect(after.payout).toEqual(paypal)
    expect(after.displayName).not.toBe('Changed With Payout')
  })

  it('still takes languages and preferences (and other fields) from an old sign-in', async () => {
    signInGetsOld()
    const updated = expectOk(
      await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, {
        token: ada.bearer,
        body: { languages: ['en', 'de'], preferences: { interests: [], children: 1, pets: ['cat'] } },
      }),
      MemberSchema,
    )
    expect(updated).toMatchObject({ languages: ['en', 'de'], preferences: { children: 1, pets: ['cat'] } })
  })
})

describe('POST pseudonymize', () => {
  it('is refused after 5 minutes and the account stays', async () => {
    await call(h.app, 'GET', API_MEMBER_PATH, { token: bob.bearer })
    signInGetsOld()
    expectReauth(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: bob.bearer, body: { confirm: true } }))
    expect(expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: bob.bearer }), MemberSummarySchema).email).toBe(bob.email)
    expect((await firebaseUser(bob.uid)).disabled).toBe(false)
    expect(await countSentTo(h.app, bob.email)).toBe(0)
  })
})

describe('the sign-in time comes from the credential', () => {
  it('refuses a valid token of an old sign-in (a refreshed token keeps auth_time) and takes a recent one', async () => {
    // A new member, whose sign-ins from before their creation are accepted (the suite has not yet
    // looked up and remembered their record).
    const cyd = await createTestMember()
    const signedIn = new Date(Date.now() - (RECENT_SIGN_IN_SECONDS + 60) * 1000)
    await acceptSignInsSince(cyd, signedIn)
    const old = tokenSignedInAt(cyd, signedIn)
    expectReauth(
      await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: old.bearer, body: { payout: { method: 'paypal', email: 'cyd.payouts@example.test' } } }),
    )
    expectReauth(await call(h.app, 'PUT', EMAIL_PATH, { token: old.bearer, body: { email: 'whatever@example.test' } }))
    // The same old token is good for everything else.
    expectOk(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: old.bearer, body: { languages: ['fr'] } }), MemberSchema)
    expect(await profileOf(old)).toMatchObject({ payout: null, languages: ['fr'] })

    const fresh = tokenSignedInAt(cyd, new Date(Date.now() - 60_000))
    const saved = expectOk(
      await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: fresh.bearer, body: { payout: { method: 'paypal', email: 'cyd.payouts@example.test' } } }),
      MemberSchema,
    )
    expect(saved.payout).toEqual({ method: 'paypal', email: 'cyd.payouts@example.test' })
  })

  it('does not take a sign-in more than a minute in the future by the suite clock as recent', async () => {
    h.clock.advance(-2 * 60_000)
    expectReauth(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: { payout: null } }))
    // Within a minute of skew it is.
    h.clock.set(new Date(Date.now() - 30_000))
    expectOk(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: { payout: null } }), MemberSchema)
  })
})
