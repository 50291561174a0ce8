// Credential checks in the member API: a credential that is not valid is a 401; a check that cannot
// be made (Firebase or the network down) is a 500, so an outage does not sign members out. The rule
// itself (refusal or outage, the issuer, the revocation comparison) is tested beside
// contract/credentials.server.ts; here, the remembered record as the member API uses it.
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RECORD_TTL_MS } from '../../contract/credentials.server'
import { MemberSummarySchema } from '../../contract/members'
import { API_MEMBER_PATH } from '../../contract/paths'
import { call, createHarness, expectError, expectOk, TestClock, type Harness } from '../test/harness'
import { createTestMember, projectId, refreshToken, type TestMember } from '../test/members'
import { firebaseIdentity, initFirebase, type IdentityProvider } from './identity'

/** An unsigned token as the Auth emulator issues them, with these claims. */
function emulatorToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Sessions revoked "elsewhere": by another process, through the Admin SDK directly. */
const elsewhere = () => getAuth(initFirebase(projectId()))
/** Revocation has one-second resolution: a token issued in the second of the revocation stays valid. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100))

describe('the remembered user record (revocation without a lookup per request)', () => {
  let app: App
  let auth: Auth
  /** The uid of every network user lookup the identity made. */
  const lookups: string[] = []
  const clock = new TestClock()
  let identity: IdentityProvider
  const lookupsOf = (uid: string) => lookups.filter((l) => l === uid).length
  beforeAll(() => {
    app = initializeApp({ projectId: projectId() }, `identity-records-${crypto.randomUUID()}`)
    const real = getAuth(app)
    // Counts getUser, the one call that asks Firebase for a user's record.
    auth = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'getUser') {
          return (uid: string) => {
            lookups.push(uid)
            return target.getUser(uid)
          }
        }
        return Reflect.get(target, property, receiver)
      },
    })
    identity = firebaseIdentity(projectId(), { auth, clock })
  })
  afterAll(() => deleteApp(app))

  it('looks a user up once per window, however many requests, also at once', async () => {
    const [ann, ben] = await Promise.all([createTestMember(), createTestMember()])
    const at = await Promise.all(Array.from({ length: 20 }, () => identity.verify(ann.idToken)))
    for (let i = 0; i < 10; i++) at.push(await identity.verify(ann.idToken))
    expect(at.every((verified) => verified?.uid === ann.uid)).toBe(true)
    expect(await identity.verify(ben.idToken)).toMatchObject({ uid: ben.uid })
    expect(lookupsOf(ann.uid)).toBe(1)
    expect(lookupsOf(ben.uid)).toBe(1)

    clock.advance(DEFAULT_RECORD_TTL_MS - 1)
    expect(await identity.verify(ann.idToken)).toMatchObject({ uid: ann.uid })
    expect(lookupsOf(ann.uid)).toBe(1)
    clock.advance(1)
    expect(await identity.verify(ann.idToken)).toMatchObject({ uid: ann.uid })
    expect(lookupsOf(ann.uid)).toBe(2)
  })

  it('checks a session cookie against the same record, by its issuer', async () => {
    const cat = await createTestMember()
    const cookie = await elsewhere().createSessionCookie(cat.idToken, { expiresIn: 60 * 60 * 1000 })
    expect(await identity.verify(cookie)).toMatchObject({ uid: cat.uid })
    expect(await identity.verify(cat.idToken)).toMatchObject({ uid: cat.uid })
    expect(lookupsOf(cat.uid)).toBe(1)
  })

  it('refuses a user revoked or disabled elsewhere once the window has passed', async () => {
    const [dan, eve] = await Promise.all([createTestMember(), createTestMember()])
    const danCookie = await elsewhere().createSessionCookie(dan.idToken, { expiresIn: 60 * 60 * 1000 })
    expect(await identity.verify(dan.idToken)).not.toBeNull()
    expect(await identity.verify(danCookie)).not.toBeNull()
    expect(await identity.verify(eve.idToken)).not.toBeNull()
    await nextSecond()
    await elsewhere().revokeRefreshTokens(dan.uid)
    await elsewhere().updateUser(eve.uid, { disabled: true })
    // The trade-off: within the window the remembered record still lets them in.
    expect(await identity.verify(dan.idToken)).not.toBeNull()
    expect(await identity.verify(eve.idToken)).not.toBeNull()
    clock.advance(DEFAULT_RECORD_TTL_MS)
    expect(await identity.verify(dan.idToken)).toBeNull()
    expect(await identity.verify(danCookie)).toBeNull()
    expect(await identity.verify(eve.idToken)).toBeNull()
    // Signing in again after the revocation gives a credential that is accepted.
    expect(await identity.verify((await refreshToken(dan)).idToken)).toMatchObject({ uid: dan.uid })
  })

  it('refuses at once a user this process disabled, and looks up again a user it changed', async () => {
    const [fay, gus] = await Promise.all([createTestMember(), createTestMember()])
    const fayCookie = await elsewhere().createSessionCookie(fay.idToken, { expiresIn: 60 * 60 * 1000 })
    expect(await identity.verify(fay.idToken)).not.toBeNull()
    expect(await identity.verify(fayCookie)).not.toBeNull()
    await identity.disable(fay.uid)
    expect(await identity.verify(fay.idToken)).toBeNull()
    expect(await identity.verify(fayCookie)).toBeNull()

    expect(await identity.verify(gus.idToken)).not.toBeNull()
    await identity.setVerifiedPhone(gus.uid, '+4915100000001')
    const before = lookupsOf(gus.uid)
    expect(await identity.verify(gus.idToken)).not.toBeNull()
    expect(lookupsOf(gus.uid)).toBe(before + 1)
  })

  it('refuses at once a user this process deleted; deleting a user already gone counts as done', async () => {
    const ivy = await createTestMember()
    const ivyCookie = await elsewhere().createSessionCookie(ivy.idToken, { expiresIn: 60 * 60 * 1000 })
    expect(await identity.verify(ivy.idToken)).not.toBeNull()
    await identity.deleteUser(ivy.uid)
    expect(await identity.verify(ivy.idToken)).toBeNull()
    expect(await identity.verify(ivyCookie)).toBeNull()
    await expect(elsewhere().getUser(ivy.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    await expect(identity.deleteUser(ivy.uid)).resolves.toBeUndefined()
  })

  it('remembers nothing with a window of 0', async () => {
    const strict = firebaseIdentity(projectId(), { auth, clock, recordTtlMs: 0 })
    const hal = await createTestMember()
    expect(await strict.verify(hal.idToken)).not.toBeNull()
    await nextSecond()
    await elsewhere().revokeRefreshTokens(hal.uid)
    expect(await strict.verify(hal.idToken)).toBeNull()
    expect(lookupsOf(hal.uid)).toBe(2)
  })

  it('refuses an unknown user and remembers no failed lookup', async () => {
    const now = Math.floor(Date.now() / 1000)
    const ghost = emulatorToken({
      iss: `https://securetoken.google.com/${projectId()}`,
      aud: projectId(),
      sub: 'no-such-user',
      user_id: 'no-such-user',
      auth_time: now,
      iat: now,
      exp: now + 3600,
    })
    expect(await identity.verify(ghost)).toBeNull()
    expect(await identity.verify(ghost)).toBeNull()
    expect(lookupsOf('no-such-user')).toBe(2)
  })
})

describe('verifying a Bearer credential', () => {
  let h: Harness
  let member: TestMember
  beforeAll(async () => {
    ;[h, member] = await Promise.all([createHarness(), createTestMember()])
  })
  afterAll(() => h?.close())

  it('answers 401 for credentials that are not valid', async () => {
    const now = Math.floor(Date.now() / 1000)
    const claims = { iss: `https://securetoken.google.com/${projectId()}`, aud: projectId(), sub: member.uid, user_id: member.uid, auth_time: now - 7200 }
    const expired = emulatorToken({ ...claims, iat: now - 7200, exp: now - 3600 })
    const foreignProject = emulatorToken({ ...claims, aud: 'another-project', iat: now, exp: now + 3600 })
    const unknownUser = emulatorToken({ ...claims, sub: 'no-such-user', user_id: 'no-such-user', iat: now, exp: now + 3600 })
    for (const token of ['garbage', `${member.idToken}x`, expired, foreignProject, unknownUser]) {
      expectError(await call(h.app, 'GET', API_MEMBER_PATH, { token }), 'UNAUTHENTICATED', 401)
    }
    expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: member.bearer }), MemberSummarySchema)
  })

  describe('when Firebase Authentication cannot be reached', () => {
    let app: App
    let down: Harness
    const lines: string[] = []
    beforeAll(async () => {
      // An Auth instance bound to an address where nothing listens (firebase-admin reads the
      // emulator address when the instance is made).
      const live = process.env.FIREBASE_AUTH_EMULATOR_HOST
      app = initializeApp({ projectId: projectId() }, `identity-outage-${crypto.randomUUID()}`)
      process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${await closedPort()}`
      let auth
      try {
        auth = getAuth(app)
      } finally {
        process.env.FIREBASE_AUTH_EMULATOR_HOST = live
      }
      down = await createHarness({
        database: h.database,
        identity: firebaseIdentity(projectId(), { auth }),
        logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      })
    })
    afterAll(() => deleteApp(app))

    it('answers 500 with the request id and logs the failure, instead of signing the member out', async () => {
      const result = await call(down.app, 'GET', API_MEMBER_PATH, { token: member.bearer })
      const error = expectError(result, 'INTERNAL', 500)
      const requestId = /request ([0-9a-f-]{36})/.exec(error.message)?.[1]
      expect(requestId).toBeDefined()
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string; err?: { type?: string; stack?: string } })
      const entry = logged.find((l) => l.msg === 'unhandled error')
      expect(entry).toMatchObject({ requestId, err: { type: 'CredentialCheckUnavailable' } })
      expect(entry?.err?.stack).toMatch(/ECONNREFUSED/)
      // The credential itself must not reach the log.
      expect(lines.join('')).not.toContain(member.idToken)
    })

    it('still answers 401 for a credential that is refused before Firebase is asked', async () => {
      expectError(await call(down.app, 'GET', API_MEMBER_PATH, { token: 'garbage' }), 'UNAUTHENTICATED', 401)
    })
  })
})
