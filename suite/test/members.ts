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
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  )
  const body = (await response.json()) as { idToken?: string; error?: { message: string } }
  if (!response.ok || !body.idToken) throw new Error(`Sign-in failed: ${body.error?.message ?? response.status}`)
  return body.idToken
}

/** Creates a Firebase user in the emulator and signs in as them. */
export async function createTestMember(options: { displayName?: string; emailVerified?: boolean } = {}): Promise<TestMember> {
  const auth = getAuth(initFirebase(projectId()))
  const email = `tester-${randomUUID()}@example.test`
  const password = `pw-${randomUUID()}`
  const user = await auth.createUser({
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
