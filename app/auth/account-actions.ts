// Account actions with Firebase Authentication, run from the browser (event handlers and effects).
// Each returns a typed outcome; pages turn failures into messages. Server sessions follow through
// startSessionFn / endSessionFn.
import type { QueryClient } from '@tanstack/react-query'
import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  isSignInWithEmailLink,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut as firebaseSignOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth'
import { feedback } from '~/components/ui/feedback-store'
import { authStore } from './auth-store'
import { clientAuth } from './firebase-web'
import { publicAuthConfigQuery } from './public-config'
import { viewerQuery, type Viewer } from './viewer'
import { endSessionFn, startSessionFn } from './viewer.functions'

export type AccountFailure = 'invalid-credentials' | 'email-in-use' | 'weak-password' | 'too-many-requests' | 'invalid-link' | 'network' | 'unknown'
export type Outcome<T = void> = { ok: true; value: T } | { ok: false; failure: AccountFailure }

const EMAIL_FOR_LINK_KEY = 'emailForSignIn'

function failureOf(error: unknown): AccountFailure {
  const code = typeof error === 'object' && error && 'code' in error ? String((error as { code: unknown }).code) : ''
  switch (code) {
    // One answer for an unknown e-mail and a wrong password: nobody learns who has an account.
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/invalid-email':
    case 'auth/user-disabled':
      return 'invalid-credentials'
    case 'auth/email-already-in-use':
      return 'email-in-use'
    case 'auth/weak-password':
      return 'weak-password'
    case 'auth/too-many-requests':
    case 'auth/quota-exceeded':
      return 'too-many-requests'
    case 'auth/invalid-action-code':
    case 'auth/expired-action-code':
      return 'invalid-link'
    case 'auth/network-request-failed':
      return 'network'
    default:
      return 'unknown'
  }
}

async function attempt<T>(action: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await action() }
  } catch (error) {
    return { ok: false, failure: failureOf(error) }
  }
}

async function authOf(queryClient: QueryClient): Promise<Auth> {
  return clientAuth(await queryClient.ensureQueryData(publicAuthConfigQuery))
}

/** Opens the server session for the signed-in user and records who is signed in. */
async function openSession(queryClient: QueryClient, user: User): Promise<Viewer> {
  const viewer = await startSessionFn({ data: { idToken: await user.getIdToken(true) } })
  queryClient.setQueryData(viewerQuery.queryKey, viewer)
  return viewer
}

const origin = () => window.location.origin

export function signInWithPassword(queryClient: QueryClient, email: string, password: string): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const credential = await signInWithEmailAndPassword(await authOf(queryClient), email, password)
    return openSession(queryClient, credential.user)
  })
}

/** Creates the Firebase account, sends the verification e-mail and opens the session. */
export function register(queryClient: QueryClient, input: { displayName: string; email: string; password: string }): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const credential = await createUserWithEmailAndPassword(await authOf(queryClient), input.email, input.password)
    await updateProfile(credential.user, { displayName: input.displayName })
    await sendEmailVerification(credential.user, { url: `${origin()}/en/user/verify-email` })
    return openSession(queryClient, credential.user)
  })
}

export function resendVerification(queryClient: QueryClient): Promise<Outcome> {
  return attempt(async () => {
    const user = (await authOf(queryClient)).currentUser
    if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/invalid-credential' })
    await sendEmailVerification(user, { url: `${origin()}/en/user/verify-email` })
  })
}

/** Completes e-mail verification from the link's code; refreshes the session so it says "verified". */
export function verifyEmail(queryClient: QueryClient, oobCode: string): Promise<Outcome> {
  return attempt(async () => {
    const auth = await authOf(queryClient)
    await applyActionCode(auth, oobCode)
    const user = auth.currentUser
    if (user) {
      await user.reload()
      await openSession(queryClient, user)
    }
  })
}

/** Always reports success for a well-formed address, so nobody learns whether an account exists. */
export async function requestPasswordReset(queryClient: QueryClient, email: string): Promise<Outcome> {
  const outcome = await attempt(async () => sendPasswordResetEmail(await authOf(queryClient), email, { url: `${origin()}/en/user/login` }))
  return outcome.ok || outcome.failure === 'invalid-credentials' ? { ok: true, value: undefined } : outcome
}

export function resetPassword(queryClient: QueryClient, oobCode: string, newPassword: string): Promise<Outcome> {
  return attempt(async () => confirmPasswordReset(await authOf(queryClient), oobCode, newPassword))
}

export function sendSignInLink(queryClient: QueryClient, email: string): Promise<Outcome> {
  return attempt(async () => {
    await sendSignInLinkToEmail(await authOf(queryClient), email, { url: `${origin()}/en/user/verify-email-login`, handleCodeInApp: true })
    window.localStorage.setItem(EMAIL_FOR_LINK_KEY, email)
  })
}

export async function isSignInLink(queryClient: QueryClient, href: string): Promise<boolean> {
  return isSignInWithEmailLink(await authOf(queryClient), href)
}

export function rememberedLinkEmail(): string {
  return window.localStorage.getItem(EMAIL_FOR_LINK_KEY) ?? ''
}

export function completeSignInLink(queryClient: QueryClient, email: string, href: string): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const credential = await signInWithEmailLink(await authOf(queryClient), email, href)
    window.localStorage.removeItem(EMAIL_FOR_LINK_KEY)
    return openSession(queryClient, credential.user)
  })
}

/** Signs out everywhere: server session revoked, Firebase signed out, store and member data cleared. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await endSessionFn().catch(() => undefined)
  await firebaseSignOut(await authOf(queryClient)).catch(() => undefined)
  authStore.clear()
  feedback.reset()
  queryClient.removeQueries({ queryKey: ['member'] })
  queryClient.setQueryData(viewerQuery.queryKey, { signedIn: false })
}
