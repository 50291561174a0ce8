// Real Firebase members for tests: a user created in the Auth emulator and a real ID token.
import { randomUUID } from 'node:crypto'
import { getAuth } from 'firebase-admin/auth'
import { initFirebase } from '../identity/identity'

export interface TestMember {
  uid: string
  email: string
  password: string
  idToken: string
  /** Authorization header value. */
  bearer: string
}

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests through vitest (global setup starts the emulator)')
  return host
}

export function projectId(): string {
  return process.env.GCLOUD_PROJECT ?? 'demo-portal'
}

export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = (await response.json()) as { idToken?: string; error?: { message: string } }
  if (!response.ok || !body.idToken) throw new Error(`Sign-in failed: ${body.error?.message ?? response.status}`)
  return body.idToken
}

/** Creates a Firebase user in the emulator and signs in as them. */
export async function createTestMember(options: { displayName?: string; emailVerified?: boolean; uid?: string; email?: string } = {}): Promise<TestMember> {
  const auth = getAuth(initFirebase(projectId()))
  const email = options.email ?? `tester-${randomUUID()}@example.test`
  const password = `pw-${randomUUID()}`
  const user = await auth.createUser({
    ...(options.uid && { uid: options.uid }),
    email,
    password,
    displayName: options.displayName ?? 'Test Tester',
    emailVerified: options.emailVerified ?? false,
  })
  const idToken = await signIn(email, password)
  return { uid: user.uid, email, password, idToken, bearer: `Bearer ${idToken}` }
}

/** A fresh ID token for an existing test member (after claims or e-mail changed). */
export async function refreshToken(member: TestMember, email = member.email): Promise<TestMember> {
  const idToken = await signIn(email, member.password)
  return { ...member, email, idToken, bearer: `Bearer ${idToken}` }
}

/**
 * The member opens the verification link: Firebase marks the address verified, and the fresh ID
 * token says so (the member API takes it from the token on the next call).
 */
export async function verifyEmail(member: TestMember): Promise<TestMember> {
  await getAuth(initFirebase(projectId())).updateUser(member.uid, { emailVerified: true })
  return refreshToken(member)
}

/** An unsigned ID token with these claims: the Auth emulator's tokens are not signed (alg "none"), and the verifier accepts them. */
export function emulatorToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/**
 * Moves the member's "tokens valid since" back to `at`: a new user's sign-ins before its creation
 * count as revoked, so a token of an older sign-in (tokenSignedInAt) needs this first.
 */
export async function acceptSignInsSince(member: TestMember, at: Date): Promise<void> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${projectId()}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: member.uid, validSince: String(Math.floor(at.getTime() / 1000)) }),
  })
  if (!response.ok) throw new Error(`Could not move validSince: ${response.status} ${await response.text()}`)
}

/**
 * A valid ID token of this member whose sign-in (auth_time) was at `authTime`, as a token refreshed
 * long after the member typed their password would be; issued now and valid for an hour.
 */
export function tokenSignedInAt(member: TestMember, authTime: Date): TestMember {
  const now = Math.floor(Date.now() / 1000)
  const idToken = emulatorToken({
    iss: `https://securetoken.google.com/${projectId()}`,
    aud: projectId(),
    sub: member.uid,
    user_id: member.uid,
    email: member.email,
    email_verified: false,
    auth_time: Math.floor(authTime.getTime() / 1000),
    iat: now,
    exp: now + 3600,
    firebase: { identities: { email: [member.email] }, sign_in_provider: 'password' },
  })
  return { ...member, idToken, bearer: `Bearer ${idToken}` }
}
