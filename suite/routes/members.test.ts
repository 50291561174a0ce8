import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiUserSchema, MemberInfoSchema, MemberSchema, MemberSummarySchema } from '../../contract/members'
import { AddressResultSchema } from '../../contract/address'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, API_MEMBER_PATH, API_USER_PATH, MEMBERS_PATH, MEMBER_INFO_PATH, PROCESS_SIGNUP_PATH, UPDATE_PROFILE_PATH } from '../../contract/paths'
import { eq } from 'drizzle-orm'
import { members } from '../db/schema'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { getAuth } from 'firebase-admin/auth'
import { DEFAULT_RECORD_TTL_MS } from '../../contract/credentials.server'
import { initFirebase } from '../identity/identity'
import { createTestMember, projectId, refreshToken, type TestMember } from '../test/members'

let h: Harness
let ada: TestMember
let bob: TestMember

beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember({ displayName: 'Ada Lovelace' }), createTestMember()])
})
afterAll(() => h?.close())

describe('identity and member', () => {
  it('answers who the token belongs to', async () => {
    const user = expectOk(await call(h.app, 'GET', API_USER_PATH, { token: ada.bearer }), ApiUserSchema)
    expect(user.uid).toBe(ada.uid)
    expect(user.email).toBe(ada.email)
    expect(user.phoneVerified).toBe(false)
  })

  it('refuses missing and forged tokens with 401', async () => {
    expectError(await call(h.app, 'GET', API_USER_PATH), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'GET', API_MEMBER_PATH, { token: 'not-a-token' }), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'GET', MEMBER_INFO_PATH), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'POST', MEMBERS_PATH, { body: { firstName: 'A', lastName: 'B' } }), 'UNAUTHENTICATED', 401)
  })

  it('creates the member record on registration, idempotently', async () => {
    const created = expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, { token: ada.bearer, body: { firstName: 'Ada', lastName: 'Lovelace', birthDate: '1990-12-10' } }),
      MemberSchema,
      201,
    )
    expect(created).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', birthDate: '1990-12-10', uid: ada.uid, pointsBalance: 0 })
    expect(created.referralCode).toMatch(/^[A-Z0-9]{8}$/)
    const again = expectOk(await call(h.app, 'POST', MEMBERS_PATH, { token: ada.bearer, body: { firstName: 'Ada', lastName: 'Lovelace' } }), MemberSchema)
    expect(again.id).toBe(created.id)
    expect(again.referralCode).toBe(created.referralCode)
    const fetched = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: ada.bearer }), MemberSchema)
    expect(fetched.id).toBe(created.id)
  })

  it('records a valid referral code and refuses an unknown one without writing', async () => {
    const adaMember = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: ada.bearer }), MemberSchema)
    const bad = await call(h.app, 'POST', MEMBERS_PATH, { token: bob.bearer, body: { firstName: 'Bob', lastName: 'Byte', referralCode: 'ZZZZ9999' } })
    expect(expectError(bad, 'BAD_REQUEST', 400).fields).toHaveProperty('referralCode')
    const before = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: bob.bearer }), MemberSchema)
    expect(before.firstName).not.toBe('Bob')
    const good = expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, {
        token: bob.bearer,
        body: { firstName: 'Bob', lastName: 'Byte', referralCode: adaMember.referralCode.toLowerCase() },
      }),
      MemberSchema,
      201,
    )
    expect(good.referredBy).toBe(true)
  })

  it('takes a referral code at registration only, and never one that closes a cycle', async () => {
    const [cy, dee] = await Promise.all([createTestMember(), createTestMember()])
    // Cy registers without a code; Dee registers with Cy's.
    const cyMember = expectOk(await call(h.app, 'POST', MEMBERS_PATH, { token: cy.bearer, body: { firstName: 'Cy', lastName: 'Cle' } }), MemberSchema, 201)
    const deeMember = expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, { token: dee.bearer, body: { firstName: 'Dee', lastName: 'Dee', referralCode: cyMember.referralCode } }),
      MemberSchema,
      201,
    )
    // Cy cannot add Dee's code afterwards: the two would refer each other.
    const late = await call(h.app, 'POST', MEMBERS_PATH, { token: cy.bearer, body: { firstName: 'Cy', lastName: 'Cle', referralCode: deeMember.referralCode } })
    expectError(late, 'CONFLICT', 409)
    expect(expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: cy.bearer }), MemberSchema).referredBy).toBe(false)
    // Dee repeating the registration with the code it carried changes nothing.
    const again = await call(h.app, 'POST', MEMBERS_PATH, {
      token: dee.bearer,
      body: { firstName: 'Dee', lastName: 'Dee', referralCode: cyMember.referralCode },
    })
    expect(expectOk(again, MemberSchema).referredBy).toBe(true)
  })

  it('refuses, at registration, the code of a member this one referred', async () => {
    const [eve, fay] = await Promise.all([createTestMember(), createTestMember()])
    // Eve's record exists (first use) before she registers; Fay registers first, with Eve's code.
    const eveRecord = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: eve.bearer }), MemberSchema)
    const fayMember = expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, { token: fay.bearer, body: { firstName: 'Fay', lastName: 'F', referralCode: eveRecord.referralCode } }),
      MemberSchema,
      201,
    )
    const cycle = await call(h.app, 'POST', MEMBERS_PATH, {
      token: eve.bearer,
      body: { firstName: 'Eve', lastName: 'E', referralCode: fayMember.referralCode },
    })
    expect(expectError(cycle, 'BAD_REQUEST', 400).fields).toEqual({ referralCode: ['belongs to a member you referred'] })
    expect(expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: eve.bearer }), MemberSchema).referredBy).toBe(false)
  })

  it('rejects bad input with field errors and writes nothing', async () => {
    const result = await call(h.app, 'POST', MEMBERS_PATH, { token: bob.bearer, body: { firstName: '', lastName: 'X', isAdmin: true } })
    const error = expectError(result, 'BAD_REQUEST', 400)
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['firstName']))
    const notJson = await call(h.app, 'POST', MEMBERS_PATH, { token: bob.bearer, body: '{oops' })
    expectError(notJson, 'BAD_REQUEST', 400)
    const member = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: bob.bearer }), MemberSchema)
    expect(member.firstName).toBe('Bob')
  })

  it('updates only the profile fields sent', async () => {
    const updated = expectOk(
      await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, {
        token: ada.bearer,
        body: {
          displayName: 'Ada L.',
          languages: ['en', 'fr', 'en'],
          preferences: { interests: ['tech', 'kitchen'], children: 1, pets: ['cat'] },
          payout: { method: 'iban', accountHolder: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00' },
        },
      }),
      MemberSchema,
    )
    expect(updated).toMatchObject({ displayName: 'Ada L.', firstName: 'Ada', languages: ['en', 'fr'] })
    expect(updated.payout).toEqual({ method: 'iban', accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' })

    const bad = await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, {
      token: ada.bearer,
      body: { displayName: 'Changed', payout: { method: 'iban', accountHolder: 'A', iban: 'DE00 0000 0000 0000 0000 00' } },
    })
    expect(expectError(bad, 'BAD_REQUEST', 400).fields).toHaveProperty('payout.iban')
    const after = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: ada.bearer }), MemberSummarySchema)
    expect(after.displayName).toBe('Ada L.')
    expectError(await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: ada.bearer, body: {} }), 'BAD_REQUEST', 400)
  })

  it('summarises the member for the portal', async () => {
    const info = expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: ada.bearer }), MemberInfoSchema)
    expect(info.member.uid).toBe(ada.uid)
    expect(info.address).toBeNull()
    expect(info.member.hasAddress).toBe(false)
    expect(info.languages).toEqual(['en', 'fr'])
  })

  it('answers member_info from the first call on, in step with the record and the other member calls', async () => {
    const dot = await createTestMember()
    // No record yet: this call creates it.
    const first = expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: dot.bearer }), MemberInfoSchema)
    expect(first).toMatchObject({
      member: { uid: dot.uid, emailVerified: false, hasAddress: false },
      address: null,
      activeParticipations: 0,
      completedParticipations: 0,
    })

    expectOk(await call(h.app, 'PUT', ADDRESS_PATH, { token: dot.bearer, body: GOOD_ADDRESS }), AddressResultSchema)
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: dot.bearer, body: { campaignId: campaign.campaignId } }), ParticipationSchema, 201)
    const later = expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: dot.bearer }), MemberInfoSchema)
    expect(later).toMatchObject({ address: { city: GOOD_ADDRESS.city }, activeParticipations: 1, completedParticipations: 0 })
    expect(later.member).toEqual(expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: dot.bearer }), MemberSummarySchema))

    // A credential that now says the address is verified brings the record in step.
    await getAuth(initFirebase(projectId())).updateUser(dot.uid, { emailVerified: true })
    const verified = await refreshToken(dot)
    expect(expectOk(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: verified.bearer }), MemberInfoSchema).member.emailVerified).toBe(true)

    // A deleted (pseudonymised) account has no member left.
    await h.deps.db.update(members).set({ pseudonymizedAt: h.clock.now() }).where(eq(members.uid, dot.uid))
    expectError(await call(h.app, 'GET', MEMBER_INFO_PATH, { token: verified.bearer }), 'UNAUTHENTICATED', 401)
  })

  it('accepts a session cookie as the Bearer credential', async () => {
    const cookie = await getAuth(initFirebase(projectId())).createSessionCookie(bob.idToken, { expiresIn: 60 * 60 * 1000 })
    const user = expectOk(await call(h.app, 'GET', API_USER_PATH, { token: cookie }), ApiUserSchema)
    expect(user.uid).toBe(bob.uid)
  })

  it('refuses a token after its sessions were revoked, once the remembered user record is older than its window', async () => {
    const carl = await createTestMember()
    expectOk(await call(h.app, 'GET', API_USER_PATH, { token: carl.bearer }), ApiUserSchema)
    // Revocation has one-second resolution: tokens issued in the same second stay valid.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    // Revoked elsewhere (not by the member API): noticed when the record is looked up again.
    await getAuth(initFirebase(projectId())).revokeRefreshTokens(carl.uid)
    h.clock.advance(DEFAULT_RECORD_TTL_MS)
    expectError(await call(h.app, 'GET', API_USER_PATH, { token: carl.bearer }), 'UNAUTHENTICATED', 401)
  })

  it('answers unknown routes with NOT_FOUND', async () => {
    expectError(await call(h.app, 'GET', 'nope/nothing'), 'NOT_FOUND', 404)
  })
})
