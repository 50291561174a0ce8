// Second factors through the member API: enrolling an authenticator, passing it on the harness
// clock (its window, a code used once, the lockout), recovery codes used once, who may remove what,
// an admin's reset, and the pass that staff calls need.
import { generate } from 'otplib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath, MEMBERS_PATH, OPS_SELF_PATH } from '../../contract/paths'
import { MemberSchema } from '../../contract/members'
import {
  RecoveryCodesSchema,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_PASS_HEADER,
  SecondFactorEnrolledSchema,
  SecondFactorPassSchema,
  SecondFactorResetResultSchema,
  SecondFactorStatusSchema,
  TotpEnrolmentSchema,
  TOTP_PERIOD_SECONDS,
} from '../../contract/second-factor'
import { StaffSelfSchema } from '../../contract/staff'
import { auditLog, secondFactors } from '../db/schema'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'
import { seal, unseal } from '../services/second-factor'

let h: Harness
let admin: TestMember
beforeAll(async () => {
  h = await createHarness()
  admin = await createTestStaff(h.deps.db, ['admin'])
  h.clock.set(new Date())
})
afterAll(() => h?.close())

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) })
const periods = (n: number) => n * TOTP_PERIOD_SECONDS * 1000

/** A person with a staff role and no factor yet, signed in now (a recent sign-in). */
async function newModerator(): Promise<TestMember> {
  const person = await createTestStaff(h.deps.db, ['moderator'], { secondFactor: false })
  h.clock.set(new Date())
  return person
}

/** Enrols an authenticator for the person; the secret, and the pass the enrolment gave their session. */
async function enrolAuthenticator(person: TestMember, pass?: string) {
  const headers = pass ? { [SECOND_FACTOR_PASS_HEADER]: pass } : undefined
  const started = expectOk(await call(h.app, 'POST', ENDPOINTS.startTotp.path, { token: person.bearer, headers }), TotpEnrolmentSchema)
  expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/Testers%20Circle:/)
  const enrolled = expectOk(
    await call(h.app, 'POST', ENDPOINTS.confirmTotp.path, {
      token: person.bearer,
      headers,
      body: { factorId: started.factorId, code: await codeAt(started.secret, h.clock.now()), label: 'Work phone' },
    }),
    SecondFactorEnrolledSchema,
  )
  return { secret: started.secret, factorId: started.factorId, ...enrolled }
}

const asStaff = (person: TestMember, pass?: string) =>
  call(h.app, 'GET', OPS_SELF_PATH, { token: person.bearer, headers: pass ? { [SECOND_FACTOR_PASS_HEADER]: pass } : {} })

const verify = (person: TestMember, body: unknown) => call(h.app, 'POST', ENDPOINTS.verifySecondFactor.path, { token: person.bearer, body })

describe('an authenticator app', () => {
  it('is enrolled by its first code, gives the session a pass and ten recovery codes, and a new session must pass it', async () => {
    const person = await newModerator()
    expectError(await asStaff(person), 'SECOND_FACTOR_REQUIRED', 403)
    const before = expectOk(await call(h.app, 'GET', ENDPOINTS.secondFactorStatus.path, { token: person.bearer }), SecondFactorStatusSchema)
    expect(before).toEqual({ factors: [], recoveryCodesLeft: 0, required: true, passed: false })

    const { pass, recoveryCodes, secret } = await enrolAuthenticator(person)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expectOk(await asStaff(person, pass), StaffSelfSchema)
    const after = expectOk(
      await call(h.app, 'GET', ENDPOINTS.secondFactorStatus.path, { token: person.bearer, headers: { [SECOND_FACTOR_PASS_HEADER]: pass } }),
      SecondFactorStatusSchema,
    )
    expect(after).toMatchObject({ factors: [{ kind: 'totp', label: 'Work phone' }], recoveryCodesLeft: 10, required: true, passed: true })

    // Another browser (a stolen password): no pass, and a pass of someone else's is not theirs.
    expectError(await asStaff(person), 'SECOND_FACTOR_REQUIRED', 403)
    expectError(await asStaff(admin, pass), 'SECOND_FACTOR_REQUIRED', 403)
    // It passes with the app's code of the next period.
    h.clock.advance(periods(1))
    const passed = expectOk(await verify(person, { method: 'totp', code: await codeAt(secret, h.clock.now()) }), SecondFactorPassSchema)
    expectOk(await asStaff(person, passed.pass), StaffSelfSchema)

    // The secret is sealed at rest: what the database holds is not it, and opens only with the key.
    const [row] = await h.deps.db.select().from(secondFactors).where(eq(secondFactors.uid, person.uid))
    expect(row!.totpSecretSealed).not.toContain(secret)
    expect(unseal(h.deps.settings.secondFactorKey, row!.totpSecretSealed!)).toBe(secret)
    expect(unseal('another-key-another-key-another-key-0000', row!.totpSecretSealed!)).toBeNull()
    expect(unseal(h.deps.settings.secondFactorKey, seal(h.deps.settings.secondFactorKey, 'x'))).toBe('x')
  })

  it('takes a code one period early or late, each code once, and refuses one further away', async () => {
    const person = await newModerator()
    const { secret } = await enrolAuthenticator(person)
    // Past the period whose code confirmed the enrolment (that code is used).
    h.clock.advance(periods(2))
    const now = h.clock.now()
    // The phone's clock runs a period behind: its code is still taken.
    expectOk(await verify(person, { method: 'totp', code: await codeAt(secret, new Date(now.getTime() - periods(1))) }), SecondFactorPassSchema)
    // The code of this period works once…
    const current = await codeAt(secret, now)
    expectOk(await verify(person, { method: 'totp', code: current }), SecondFactorPassSchema)
    const again = expectError(await verify(person, { method: 'totp', code: current }), 'BAD_REQUEST', 400)
    expect(again.reason).toEqual({ code: 'code-used' })
    // …and a code two periods ahead is no code at all.
    const far = expectError(await verify(person, { method: 'totp', code: await codeAt(secret, new Date(now.getTime() + periods(2))) }), 'BAD_REQUEST', 400)
    expect(far.reason).toEqual({ code: 'wrong-code', triesLeft: SECOND_FACTOR_MAX_FAILURES - 1 })
  })

  it('locks further tries out after five wrong codes, until the window ends, even with the right code', async () => {
    const person = await newModerator()
    const { secret } = await enrolAuthenticator(person)
    h.clock.advance(periods(1))
    for (let tries = SECOND_FACTOR_MAX_FAILURES - 1; tries >= 1; tries--) {
      const wrong = expectError(await verify(person, { method: 'totp', code: '000000' }), 'BAD_REQUEST', 400)
      expect(wrong.reason).toEqual({ code: 'wrong-code', triesLeft: tries })
    }
    expectError(await verify(person, { method: 'totp', code: '000000' }), 'RATE_LIMITED', 429)
    expectError(await verify(person, { method: 'totp', code: await codeAt(secret, h.clock.now()) }), 'RATE_LIMITED', 429)
    // Recovery codes count towards the same lockout.
    expectError(await verify(person, { method: 'recovery', code: 'aaaaa-aaaaa' }), 'RATE_LIMITED', 429)
    h.clock.advance(16 * 60_000)
    expectOk(await verify(person, { method: 'totp', code: await codeAt(secret, h.clock.now()) }), SecondFactorPassSchema)
  })
})

describe('recovery codes', () => {
  it('each pass once, typed in any case with or without the dash; a new set replaces the old', async () => {
    const person = await newModerator()
    const { recoveryCodes, pass } = await enrolAuthenticator(person)
    const [first, second] = recoveryCodes!
    const used = expectOk(await verify(person, { method: 'recovery', code: first!.toUpperCase().replace('-', ' ') }), SecondFactorPassSchema)
    expect(used.recoveryCodesLeft).toBe(9)
    expectOk(await asStaff(person, used.pass), StaffSelfSchema)
    const twice = expectError(await verify(person, { method: 'recovery', code: first }), 'BAD_REQUEST', 400)
    expect(twice.reason).toMatchObject({ code: 'wrong-code' })

    const renewed = expectOk(
      await call(h.app, 'POST', ENDPOINTS.replaceRecoveryCodes.path, { token: person.bearer, headers: { [SECOND_FACTOR_PASS_HEADER]: pass } }),
      RecoveryCodesSchema,
    )
    expect(renewed.recoveryCodes).toHaveLength(10)
    expectError(await verify(person, { method: 'recovery', code: second }), 'BAD_REQUEST', 400)
    expectOk(await verify(person, { method: 'recovery', code: renewed.recoveryCodes[0] }), SecondFactorPassSchema)
    // New codes need a session that passed.
    expectError(await call(h.app, 'POST', ENDPOINTS.replaceRecoveryCodes.path, { token: person.bearer }), 'SECOND_FACTOR_REQUIRED', 403)
  })
})

describe('changing factors', () => {
  it('adds or removes one only from a session that passed, and never the last one of a staff account', async () => {
    const person = await newModerator()
    const first = await enrolAuthenticator(person)
    // A password alone cannot add its own authenticator to an account that has one.
    expectError(await call(h.app, 'POST', ENDPOINTS.startTotp.path, { token: person.bearer }), 'SECOND_FACTOR_REQUIRED', 403)
    h.clock.advance(periods(1))
    const second = await enrolAuthenticator(person, first.pass)
    expect(second.recoveryCodes).toBeNull()

    const remove = (factorId: string, pass?: string) =>
      call(h.app, 'DELETE', fillPath(ENDPOINTS.removeSecondFactor.path, { factorId }), {
        token: person.bearer,
        headers: pass ? { [SECOND_FACTOR_PASS_HEADER]: pass } : {},
      })
    expectError(await remove(first.factorId), 'SECOND_FACTOR_REQUIRED', 403)
    const left = expectOk(await remove(first.factorId, second.pass), SecondFactorStatusSchema)
    expect(left.factors.map((f) => f.id)).toEqual([second.factorId])
    // Removing a factor ends the other sessions' passes: they may have passed with it.
    expectError(await asStaff(person, first.pass), 'SECOND_FACTOR_REQUIRED', 403)
    expectOk(await asStaff(person, second.pass), StaffSelfSchema)
    const last = expectError(await remove(second.factorId, second.pass), 'CONFLICT', 409)
    expect(last.reason).toEqual({ code: 'last-second-factor' })
  })

  it('lets a member without a role turn the protection on for their own calls, and off again', async () => {
    const member = await createTestMember()
    h.clock.set(new Date())
    expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: member.bearer }), MemberSchema)
    const { factorId, pass } = await enrolAuthenticator(member)
    // From now on their own calls answer only in a session that passed it: a password alone reads nothing.
    expectError(await call(h.app, 'GET', MEMBERS_PATH, { token: member.bearer }), 'SECOND_FACTOR_REQUIRED', 403)
    expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: member.bearer, headers: { [SECOND_FACTOR_PASS_HEADER]: pass } }), MemberSchema)
    const status = expectOk(
      await call(h.app, 'DELETE', fillPath(ENDPOINTS.removeSecondFactor.path, { factorId }), {
        token: member.bearer,
        headers: { [SECOND_FACTOR_PASS_HEADER]: pass },
      }),
      SecondFactorStatusSchema,
    )
    expect(status).toMatchObject({ factors: [], recoveryCodesLeft: 0, required: false })
    expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: member.bearer }), MemberSchema)
  })
})

describe("an admin's reset", () => {
  it("removes someone's factors and passes, audited; they enrol again", async () => {
    const person = await newModerator()
    const { pass } = await enrolAuthenticator(person)
    const reset = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsResetSecondFactor.path, { token: admin.bearer, body: { email: person.email } }),
      SecondFactorResetResultSchema,
    )
    expect(reset).toEqual({ uid: person.uid, email: person.email, removed: 1 })
    expectError(await asStaff(person, pass), 'SECOND_FACTOR_REQUIRED', 403)
    const entries = await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, person.uid))
    expect(entries.map((e) => [e.action, e.actorUid])).toEqual([['second-factor.reset', admin.uid]])
    // Their own: another admin does it.
    const own = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsResetSecondFactor.path, { token: admin.bearer, body: { email: admin.email } }),
      'BAD_REQUEST',
      400,
    )
    expect(own.fields).toHaveProperty('email')
    h.clock.advance(periods(1))
    await enrolAuthenticator(person)
  })
})
