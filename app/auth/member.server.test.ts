// Credentials against the real Auth emulator (started by the test run), and against firebase-admin
// configured for a real project, where the emulator's unsigned tokens must not pass.
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyCredentials } from './member.server'

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST!
const app = initializeApp({ projectId: 'demo-portal' }, 'member-server-test')
const auth = getAuth(app)
afterAll(() => deleteApp(app))

async function signedInMember() {
  const email = `member-${crypto.randomUUID()}@example.com`
  const password = 'tested4you'
  await auth.createUser({ email, password, displayName: 'Test Member' })
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const { idToken } = (await response.json()) as { idToken: string }
  return { idToken, email }
}

/** A token shaped like Firebase's, but signed by nobody (what the emulator issues). */
function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ iss: 'https://securetoken.google.com/demo-portal', aud: 'demo-portal', iat: now, exp: now + 3600, auth_time: now, sub: 'forged', user_id: 'forged', ...claims })}.`
}

describe('verifyCredentials', () => {
  it('accepts a fresh ID token and a session cookie made from it', async () => {
    const { idToken, email } = await signedInMember()
    const byToken = await verifyCredentials(auth, { bearer: idToken, cookie: null })
    expect(byToken.member).toMatchObject({ email, displayName: 'Test Member', phoneVerified: false })
    const cookie = await auth.createSessionCookie(idToken, { expiresIn: 60 * 60 * 1000 })
    const byCookie = await verifyCredentials(auth, { bearer: null, cookie })
    expect(byCookie.member?.uid).toBe(byToken.member?.uid)
  })

  it('rejects a session whose member was signed out everywhere (revoked)', async () => {
    const { idToken } = await signedInMember()
    const cookie = await auth.createSessionCookie(idToken, { expiresIn: 60 * 60 * 1000 })
    const { member } = await verifyCredentials(auth, { bearer: null, cookie })
    // Revocation is recorded to the second; a session made in the same second would still count.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await auth.revokeRefreshTokens(member!.uid)
    expect(await verifyCredentials(auth, { bearer: null, cookie })).toEqual({ member: null, cookieRejected: true })
    expect((await verifyCredentials(auth, { bearer: idToken, cookie: null })).member).toBeNull()
  })

  it('rejects an expired token even where unsigned tokens are accepted (local mode)', async () => {
    const { uid } = await auth.createUser({ email: `unsigned-${crypto.randomUUID()}@example.com` })
    const past = Math.floor(Date.now() / 1000) - 7200
    const fresh = await verifyCredentials(auth, { bearer: unsignedToken({ sub: uid, user_id: uid }), cookie: null })
    expect(fresh.member?.uid).toBe(uid) // the emulator trusts unsigned tokens: local mode only
    const expired = await verifyCredentials(auth, { bearer: unsignedToken({ sub: uid, user_id: uid, iat: past, exp: past + 3600, auth_time: past }), cookie: null })
    expect(expired.member).toBeNull()
  })

  it('rejects garbage in the cookie and has nobody without credentials', async () => {
    expect(await verifyCredentials(auth, { bearer: null, cookie: 'not-a-session' })).toEqual({ member: null, cookieRejected: true })
    expect(await verifyCredentials(auth, { bearer: null, cookie: null })).toEqual({ member: null, cookieRejected: false })
  })
})

describe('outside local mode', () => {
  it('rejects forged (unsigned) and expired tokens', async () => {
    const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST
    const production = initializeApp({ projectId: 'demo-portal' }, 'production-like')
    try {
      const realAuth = getAuth(production)
      const forged = await verifyCredentials(realAuth, { bearer: unsignedToken({ email: 'intruder@example.com' }), cookie: unsignedToken({}) })
      expect(forged.member).toBeNull()
      const past = Math.floor(Date.now() / 1000) - 7200
      const expired = await verifyCredentials(realAuth, { bearer: unsignedToken({ iat: past, exp: past + 3600, auth_time: past }), cookie: null })
      expect(expired.member).toBeNull()
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = saved
      await deleteApp(production)
    }
  })
})
