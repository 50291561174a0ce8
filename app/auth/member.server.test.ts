// Credentials against the real Auth emulator (started by the test run), and against firebase-admin
// configured for a real project, where the emulator's unsigned tokens must not pass.
import { Agent } from 'node:https'
import { connect, createServer, type AddressInfo } from 'node:net'
import { deleteApp, initializeApp, type App, type AppOptions } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { afterAll, describe, expect, it } from 'vitest'
import { credentialChecker, DEFAULT_RECORD_TTL_MS } from '#contract/credentials.server'
import { mintSessionCookie, RecentSignInRequired, revokeSessions, verifyCredentials } from './member.server'

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST!
const app = initializeApp({ projectId: 'demo-portal' }, 'member-server-test')
const auth = getAuth(app)
afterAll(() => deleteApp(app))

/** The uid of every user look-up (the one network call of a revocation check) made through `countingAuth`. */
const lookups: string[] = []
const lookupsOf = (uid: string) => lookups.filter((looked) => looked === uid).length
const countingAuth = new Proxy(auth, {
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

/** A clock that stands still until moved. */
function testClock() {
  let at = Date.now()
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) }
}

/** This process's check, as the portal builds it (60 s window), on a clock the test moves. */
function portalCredentials(clock = testClock()) {
  return { credentials: credentialChecker(countingAuth, 'demo-portal', { clock }), clock }
}

async function signedInMember() {
  const email = `member-${crypto.randomUUID()}@example.com`
  const password = 'tested4you'
  const { uid } = await auth.createUser({ email, password, displayName: 'Test Member' })
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const { idToken } = (await response.json()) as { idToken: string }
  const cookie = await auth.createSessionCookie(idToken, { expiresIn: 60 * 60 * 1000 })
  return { uid, idToken, cookie, email }
}

/** Revocation has one-second resolution: a credential issued in the second of the revocation stays valid. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100))

/** A token shaped like Firebase's, but signed by nobody (what the emulator issues). */
function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ iss: 'https://securetoken.google.com/demo-portal', aud: 'demo-portal', iat: now, exp: now + 3600, auth_time: now, sub: 'forged', user_id: 'forged', ...claims })}.`
}

describe('verifyCredentials', () => {
  it('does not take an ID token whose sign-in is older than the session length in place of the cookie', async () => {
    const { credentials } = portalCredentials()
    const { uid, idToken, cookie } = await signedInMember() // signed in now, cookie valid for an hour
    // Half an hour later, by the session's clock (Firebase still sees a valid token): one instant for
    // every check, however long the calls between them take.
    const at = Date.now() + 1800 * 1000
    const later = () => at
    expect((await verifyCredentials(credentials, { bearer: idToken, cookie: null }, { maxAgeSeconds: 1900, nowMs: later })).member?.uid).toBe(uid)
    expect(await verifyCredentials(credentials, { bearer: idToken, cookie: null }, { maxAgeSeconds: 1700, nowMs: later })).toEqual({
      member: null,
      cookieRejected: false,
    })
    // The session cookie still speaks for the member until its own end.
    expect((await verifyCredentials(credentials, { bearer: idToken, cookie }, { maxAgeSeconds: 1700, nowMs: later })).member).toMatchObject({
      uid,
      credential: cookie,
    })
  })

  it('accepts a fresh ID token and a session cookie made from it', async () => {
    const { credentials } = portalCredentials()
    const { idToken, cookie, email } = await signedInMember()
    const byToken = await verifyCredentials(credentials, { bearer: idToken, cookie: null })
    expect(byToken.member).toMatchObject({ email, displayName: 'Test Member', phoneVerified: false, credential: idToken })
    const byCookie = await verifyCredentials(credentials, { bearer: null, cookie })
    expect(byCookie.member).toMatchObject({ uid: byToken.member?.uid, credential: cookie })
  })

  it('rejects an expired token even where unsigned tokens are accepted (local mode)', async () => {
    const { credentials } = portalCredentials()
    const { uid } = await auth.createUser({ email: `unsigned-${crypto.randomUUID()}@example.com` })
    const past = Math.floor(Date.now() / 1000) - 7200
    const fresh = await verifyCredentials(credentials, { bearer: unsignedToken({ sub: uid, user_id: uid }), cookie: null })
    expect(fresh.member?.uid).toBe(uid) // the emulator trusts unsigned tokens: local mode only
    const expired = await verifyCredentials(credentials, {
      bearer: unsignedToken({ sub: uid, user_id: uid, iat: past, exp: past + 3600, auth_time: past }),
      cookie: null,
    })
    expect(expired.member).toBeNull()
  })

  it('rejects garbage in the cookie and has nobody without credentials', async () => {
    const { credentials } = portalCredentials()
    expect(await verifyCredentials(credentials, { bearer: null, cookie: 'not-a-session' })).toEqual({ member: null, cookieRejected: true })
    expect(await verifyCredentials(credentials, { bearer: null, cookie: null })).toEqual({ member: null, cookieRejected: false })
  })
})

describe('mintSessionCookie', () => {
  const session = () => ({ credentials: portalCredentials().credentials, auth, maxAgeSeconds: 24 * 3600 })
  const exp = (cookie: string) => (JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp

  it('opens a session of the full length after a recent sign-in', async () => {
    const { uid, idToken } = await signedInMember()
    const before = Date.now()
    const minted = await mintSessionCookie(idToken, null, session())
    const after = Date.now()
    expect(minted.member.uid).toBe(uid)
    expect(minted.maxAgeSeconds).toBe(24 * 3600)
    // The full length from when Firebase made the cookie, some time between the two readings.
    expect(exp(minted.cookie) - 24 * 3600).toBeGreaterThanOrEqual(Math.floor(before / 1000))
    expect(exp(minted.cookie) - 24 * 3600).toBeLessThanOrEqual(Math.floor(after / 1000))
  })

  it('refuses an older sign-in, or renews the same member’s session without moving its end', async () => {
    const ann = await signedInMember() // signed in now, her cookie ends in an hour
    const ben = await signedInMember()
    // Ten minutes later by the session's clock: her sign-in is no longer recent. One instant for every
    // call, however long the calls take.
    const at = Date.now() + 600 * 1000
    const later = { ...session(), nowMs: () => at }
    await expect(mintSessionCookie(ann.idToken, null, later)).rejects.toBeInstanceOf(RecentSignInRequired)
    await expect(mintSessionCookie(ann.idToken, ben.cookie, later)).rejects.toBeInstanceOf(RecentSignInRequired)
    await expect(mintSessionCookie(ann.idToken, 'not-a-session', later)).rejects.toBeInstanceOf(RecentSignInRequired)
    // An ID token in the cookie's place is no session to renew.
    await expect(mintSessionCookie(ann.idToken, ann.idToken, later)).rejects.toBeInstanceOf(RecentSignInRequired)
    const before = Date.now()
    const renewed = await mintSessionCookie(ann.idToken, ann.cookie, later)
    const after = Date.now()
    expect(renewed.member.uid).toBe(ann.uid)
    // What is left of her hour as the clock says (50 minutes), in whole seconds, not a new full session.
    expect(renewed.maxAgeSeconds).toBe(Math.floor((exp(ann.cookie) * 1000 - at) / 1000))
    // The cookie ends that long after Firebase made it, some time between the two readings.
    expect(exp(renewed.cookie) - renewed.maxAgeSeconds).toBeGreaterThanOrEqual(Math.floor(before / 1000))
    expect(exp(renewed.cookie) - renewed.maxAgeSeconds).toBeLessThanOrEqual(Math.floor(after / 1000))
  })
})

describe('revocation without a look-up per request', () => {
  it('looks each member up once per window, however many requests arrive at once', async () => {
    const { credentials, clock } = portalCredentials()
    const [ann, ben] = await Promise.all([signedInMember(), signedInMember()])
    // Pages rendered with the cookie and browser calls with the ID token, all at the same time.
    const requests = Array.from({ length: 30 }, (_, i) => {
      const member = i % 3 === 2 ? ben : ann
      return verifyCredentials(credentials, i % 2 === 0 ? { bearer: null, cookie: member.cookie } : { bearer: member.idToken, cookie: member.cookie })
    })
    const answers = await Promise.all(requests)
    expect(answers.every(({ member, cookieRejected }) => member !== null && !cookieRejected)).toBe(true)
    expect([lookupsOf(ann.uid), lookupsOf(ben.uid)]).toEqual([1, 1])

    clock.advance(DEFAULT_RECORD_TTL_MS - 1)
    expect((await verifyCredentials(credentials, { bearer: null, cookie: ann.cookie })).member?.uid).toBe(ann.uid)
    expect(lookupsOf(ann.uid)).toBe(1)
    clock.advance(1)
    await Promise.all(Array.from({ length: 10 }, () => verifyCredentials(credentials, { bearer: null, cookie: ann.cookie })))
    expect(lookupsOf(ann.uid)).toBe(2)
  })

  it('refuses a session revoked elsewhere once the window has passed, and removes its cookie', async () => {
    const { credentials, clock } = portalCredentials()
    const cat = await signedInMember()
    expect((await verifyCredentials(credentials, { bearer: null, cookie: cat.cookie })).member).not.toBeNull()
    await nextSecond()
    await auth.revokeRefreshTokens(cat.uid) // another portal process, or the Firebase console
    // The trade-off: within the window the remembered record still lets the member in.
    expect((await verifyCredentials(credentials, { bearer: null, cookie: cat.cookie })).member).not.toBeNull()
    clock.advance(DEFAULT_RECORD_TTL_MS)
    expect(await verifyCredentials(credentials, { bearer: null, cookie: cat.cookie })).toEqual({ member: null, cookieRejected: true })
    expect((await verifyCredentials(credentials, { bearer: cat.idToken, cookie: null })).member).toBeNull()
  })

  it('refuses a cookie replayed after this process signed the member out, at once', async () => {
    const { credentials } = portalCredentials()
    const dan = await signedInMember()
    expect((await verifyCredentials(credentials, { bearer: null, cookie: dan.cookie })).member).not.toBeNull()
    await nextSecond()
    await revokeSessions(dan.uid, countingAuth, credentials)
    // The clock has not moved: the record was forgotten on sign-out and is looked up again.
    expect(await verifyCredentials(credentials, { bearer: null, cookie: dan.cookie })).toEqual({ member: null, cookieRejected: true })
    expect((await verifyCredentials(credentials, { bearer: dan.idToken, cookie: null })).member).toBeNull()
    expect(lookupsOf(dan.uid)).toBe(2)
  })
})

/** firebase-admin for a real project (no emulator), as production has it. */
function productionApp(name: string, options: AppOptions = {}): { app: App; auth: Auth } {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST
  try {
    const production = initializeApp({ projectId: 'demo-portal', ...options }, `${name}-${crypto.randomUUID()}`)
    return { app: production, auth: getAuth(production) }
  } finally {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = saved
  }
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('outside local mode', () => {
  it('rejects forged (unsigned) and expired tokens', async () => {
    const { app: production, auth: realAuth } = productionApp('production-like')
    try {
      const credentials = credentialChecker(realAuth, 'demo-portal')
      const forged = await verifyCredentials(credentials, { bearer: unsignedToken({ email: 'intruder@example.com' }), cookie: unsignedToken({}) })
      expect(forged).toEqual({ member: null, cookieRejected: true })
      const past = Math.floor(Date.now() / 1000) - 7200
      const expired = await verifyCredentials(credentials, { bearer: unsignedToken({ iat: past, exp: past + 3600, auth_time: past }), cookie: null })
      expect(expired.member).toBeNull()
    } finally {
      await deleteApp(production)
    }
  })

  it('keeps the session cookie when Google’s public keys cannot be fetched', async () => {
    // Every connection firebase-admin opens fails, as when Google cannot be reached.
    const port = await closedPort()
    const unreachable = new Agent()
    unreachable.createConnection = () => connect(port, '127.0.0.1')
    const { app: production, auth: realAuth } = productionApp('keys-unreachable', { httpAgent: unreachable })
    try {
      const credentials = credentialChecker(realAuth, 'demo-portal')
      // A session cookie whose signature needs the public keys: it cannot be checked now, so it stays.
      const now = Math.floor(Date.now() / 1000)
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const claims = {
        iss: 'https://session.firebase.google.com/demo-portal',
        aud: 'demo-portal',
        sub: 'u-1',
        user_id: 'u-1',
        auth_time: now,
        iat: now,
        exp: now + 3600,
      }
      const cookie = `${encode({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })}.${encode(claims)}.${Buffer.from('signature').toString('base64url')}`
      expect(await verifyCredentials(credentials, { bearer: null, cookie })).toEqual({ member: null, cookieRejected: false })
      expect(await verifyCredentials(credentials, { bearer: cookie, cookie })).toEqual({ member: null, cookieRejected: false })
      // A cookie refused before any key is needed still goes.
      expect(await verifyCredentials(credentials, { bearer: null, cookie: 'not-a-session' })).toEqual({ member: null, cookieRejected: true })
    } finally {
      await deleteApp(production)
    }
  })
})
