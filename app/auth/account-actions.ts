// Account actions with Firebase Authentication, run from the browser (event handlers and effects).
// Each returns a typed outcome; pages turn failures into messages. Server sessions follow through
// startSessionFn / endSessionFn.
import type { QueryClient } from '@tanstack/react-query'
import type { Auth, User } from 'firebase/auth'
import { feedback } from '~/components/ui/feedback-store'
import { authStore } from './auth-store'
import { publicConfigQuery } from '~/lib/public-config'
import { uidOf, viewerQuery, type Viewer } from './viewer'
import { endSessionFn, startSessionFn } from './viewer.functions'

export type AccountFailure =
  'invalid-credentials' | 'email-in-use' | 'weak-password' | 'too-many-requests' | 'invalid-link' | 'recent-sign-in' | 'network' | 'unknown'
export type Outcome<T = void> = { ok: true; value: T } | { ok: false; failure: AccountFailure }

const EMAIL_FOR_LINK_KEY = 'emailForSignIn'
/** The error code withSession throws when the server wants a new sign-in before it opens a session. */
const RECENT_SIGN_IN_CODE = 'portal/recent-sign-in'

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
    case 'auth/user-mismatch':
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
    // The server opens sessions only after a recent sign-in (or renews the current one): sign in again.
    case RECENT_SIGN_IN_CODE:
    case 'auth/requires-recent-login':
      return 'recent-sign-in'
    default:
      return 'unknown'
  }
}

// Account actions under way. The auth listener (AuthProvider) waits for them to finish before it
// acts on what Firebase reports: the action decides what becomes of the session. This matters most
// when the action is the one that loads Firebase on a member page: Firebase then reports the member
// it restored (or nobody) while the action is still running, before it opens or closes a session.
const underWay = new Set<Promise<unknown>>()

function tracked<T>(work: Promise<T>): Promise<T> {
  underWay.add(work)
  const done = () => void underWay.delete(work)
  work.then(done, done)
  return work
}

function attempt<T>(action: () => Promise<T>): Promise<Outcome<T>> {
  return tracked(
    (async (): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await action() }
      } catch (error) {
        return { ok: false, failure: failureOf(error) }
      }
    })(),
  )
}

/** Firebase's web SDK is fetched when an account action first needs it, never with a page. */
const sdk = () => import('firebase/auth')

/**
 * The browser's Firebase Auth, loaded now if no action needed it before, once it has restored the
 * member it keeps in this browser (or found none). A member page does not load Firebase, so the
 * action that first needs it on such a page runs just after the load: reading `currentUser` before
 * the restore would take a signed-in member for a signed-out one.
 */
async function authOf(queryClient: QueryClient): Promise<Auth> {
  const [{ clientAuth }, config] = await Promise.all([import('./firebase-web'), queryClient.ensureQueryData(publicConfigQuery)])
  const auth = clientAuth(config)
  await auth.authStateReady()
  return auth
}

// A sign-in opening its server session, or a sign-out closing it. While one runs, the auth
// listener (AuthProvider) waits: it must neither open a second session nor reopen a closing one.
// They run one after the other: a sign-in the member starts while a sign-out (say, of an expired
// session) is still closing waits for it, rather than being signed out by it.
let transition: Promise<unknown> | null = null

async function asTransition<T>(work: () => Promise<T>): Promise<T> {
  const previous = transition
  const run = (async () => {
    if (previous) await previous.catch(() => undefined)
    return work()
  })()
  transition = run
  try {
    return await run
  } finally {
    if (transition === run) transition = null
  }
}

/** Resolves when no sign-in, sign-out or other account action of this browser is under way. */
export async function sessionSettled(): Promise<void> {
  while (transition || underWay.size > 0) await Promise.allSettled([transition, ...underWay])
}

/**
 * Signs in with `signInUser`, then opens the server session and records who is signed in. The
 * whole of it counts as "opening", so the auth listener waits rather than open a second session.
 */
async function withSession(queryClient: QueryClient, signInUser: () => Promise<User>): Promise<Viewer> {
  return asTransition(async () => {
    const user = await signInUser()
    const started = await startSessionFn({ data: { idToken: await user.getIdToken(true) } })
    if (!started.ok) {
      const code = { unavailable: 'auth/network-request-failed', reauthenticate: RECENT_SIGN_IN_CODE, refused: 'auth/invalid-credential' }[started.reason]
      throw Object.assign(new Error(started.reason), { code })
    }
    // Someone else's member data must not show for this member.
    if (uidOf(queryClient.getQueryData(viewerQuery.queryKey)) !== uidOf(started.viewer)) queryClient.removeQueries({ queryKey: ['member'] })
    queryClient.setQueryData(viewerQuery.queryKey, started.viewer)
    return started.viewer
  })
}

const origin = () => window.location.origin

export function signInWithPassword(queryClient: QueryClient, email: string, password: string): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const auth = await authOf(queryClient)
    return withSession(queryClient, async () => (await (await sdk()).signInWithEmailAndPassword(auth, email, password)).user)
  })
}

/** Creates the Firebase account, sends the verification e-mail and opens the session. */
export function register(queryClient: QueryClient, input: { displayName: string; email: string; password: string }): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const auth = await authOf(queryClient)
    return withSession(queryClient, async () => {
      const { user } = await (await sdk()).createUserWithEmailAndPassword(auth, input.email, input.password)
      // The name first, so the session cookie carries it.
      await (await sdk()).updateProfile(user, { displayName: input.displayName })
      await (await sdk()).sendEmailVerification(user, { url: `${origin()}/en/user/verify-email` })
      return user
    })
  })
}

export function resendVerification(queryClient: QueryClient): Promise<Outcome> {
  return attempt(async () => {
    const user = (await authOf(queryClient)).currentUser
    if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/invalid-credential' })
    await (await sdk()).sendEmailVerification(user, { url: `${origin()}/en/user/verify-email` })
  })
}

/**
 * Whether the signed-in member's address is verified now (say, from a link opened in another
 * browser); when it is, the session is renewed on a fresh token so that the portal and the member
 * API say "verified" at once, without a new sign-in. False when nobody is signed in here.
 */
export function refreshVerification(queryClient: QueryClient): Promise<Outcome<boolean>> {
  return attempt(async () => {
    const user = (await authOf(queryClient)).currentUser
    if (!user) return false
    await user.reload()
    if (!user.emailVerified) return false
    await withSession(queryClient, async () => user)
    // Everything cached about the member was said of an unverified address.
    await queryClient.invalidateQueries({ queryKey: ['member'] })
    return true
  })
}

/**
 * Completes e-mail verification from the link's code. `signedIn` says whether this browser's
 * session now says "verified" too (else the page offers to sign in).
 */
export function verifyEmail(queryClient: QueryClient, oobCode: string): Promise<Outcome<{ signedIn: boolean }>> {
  return attempt(async () => {
    await (await sdk()).applyActionCode(await authOf(queryClient), oobCode)
    const refreshed = await refreshVerification(queryClient)
    return { signedIn: refreshed.ok && refreshed.value }
  })
}

/** Confirms a change of e-mail address from the link's code, or undoes one (recoverEmail). */
export function applyEmailChange(queryClient: QueryClient, oobCode: string): Promise<Outcome> {
  return attempt(async () => {
    await (await sdk()).applyActionCode(await authOf(queryClient), oobCode)
  })
}

/**
 * A fresh ID token and server session for the signed-in member, after the member API changed what
 * the token says about them (the `phoneVerified` claim).
 */
export function refreshSession(queryClient: QueryClient): Promise<Outcome> {
  return attempt(async () => {
    const user = (await authOf(queryClient)).currentUser
    if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/invalid-credential' })
    await withSession(queryClient, async () => user)
  })
}

/**
 * Signs the member in again with a custom token the portal's server minted, and opens a new session
 * on it: after a change that revokes every earlier token and session cookie (a new e-mail address).
 */
export function continueWithSignInToken(queryClient: QueryClient, token: string): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const auth = await authOf(queryClient)
    return withSession(queryClient, async () => (await (await sdk()).signInWithCustomToken(auth, token)).user)
  })
}

/**
 * Confirms it is the member, for the changes that need a recent sign-in (e-mail, phone, payout,
 * deletion): the password typed again (Firebase reauthentication), then a fresh session of full
 * length, whose credentials carry the new sign-in time. If Firebase no longer holds the member in this
 * browser, a sign-in with the session's e-mail address does, as long as it is the same member.
 */
export function reauthenticate(queryClient: QueryClient, password: string): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const auth = await authOf(queryClient)
    const firebase = await sdk()
    const viewer = queryClient.getQueryData(viewerQuery.queryKey)
    return withSession(queryClient, async () => {
      const user = auth.currentUser
      if (user?.email) return (await firebase.reauthenticateWithCredential(user, firebase.EmailAuthProvider.credential(user.email, password))).user
      if (!viewer?.signedIn || !viewer.email) throw Object.assign(new Error('signed out'), { code: 'auth/invalid-credential' })
      const signedIn = (await firebase.signInWithEmailAndPassword(auth, viewer.email, password)).user
      if (signedIn.uid !== viewer.uid) {
        // Another account with that address and password cannot stand in for this session's member.
        await firebase.signOut(auth).catch(() => undefined)
        throw Object.assign(new Error('another member'), { code: 'auth/user-mismatch' })
      }
      return signedIn
    })
  })
}

/**
 * Whether the signed-in member may have a password to confirm with: Firebase lists the e-mail
 * provider ('password') for them. Members of another provider only get the e-mailed sign-in link.
 * Firebase lists the same provider for a member who only ever used sign-in links, so the dialog
 * always offers the link as well.
 */
export function hasPasswordSignIn(queryClient: QueryClient): Promise<boolean> {
  return tracked(
    (async () => {
      const user = (await authOf(queryClient)).currentUser
      return user === null || user.providerData.some((provider) => provider.providerId === 'password')
    })(),
  )
}

/** Always reports success for a well-formed address, so nobody learns whether an account exists. */
export async function requestPasswordReset(queryClient: QueryClient, email: string): Promise<Outcome> {
  const outcome = await attempt(async () => (await sdk()).sendPasswordResetEmail(await authOf(queryClient), email, { url: `${origin()}/en/user/login` }))
  return outcome.ok || outcome.failure === 'invalid-credentials' ? { ok: true, value: undefined } : outcome
}

export function resetPassword(queryClient: QueryClient, oobCode: string, newPassword: string): Promise<Outcome> {
  return attempt(async () => (await sdk()).confirmPasswordReset(await authOf(queryClient), oobCode, newPassword))
}

export function sendSignInLink(queryClient: QueryClient, email: string): Promise<Outcome> {
  return attempt(async () => {
    await (await sdk()).sendSignInLinkToEmail(await authOf(queryClient), email, { url: `${origin()}/en/user/verify-email-login`, handleCodeInApp: true })
    window.localStorage.setItem(EMAIL_FOR_LINK_KEY, email)
  })
}

export function isSignInLink(queryClient: QueryClient, href: string): Promise<boolean> {
  return tracked((async () => (await sdk()).isSignInWithEmailLink(await authOf(queryClient), href))())
}

export function rememberedLinkEmail(): string {
  return window.localStorage.getItem(EMAIL_FOR_LINK_KEY) ?? ''
}

export function completeSignInLink(queryClient: QueryClient, email: string, href: string): Promise<Outcome<Viewer>> {
  return attempt(async () => {
    const auth = await authOf(queryClient)
    const viewer = await withSession(queryClient, async () => (await (await sdk()).signInWithEmailLink(auth, email, href)).user)
    window.localStorage.removeItem(EMAIL_FOR_LINK_KEY)
    return viewer
  })
}

/** Signs out everywhere: server session revoked, Firebase signed out, store and member data cleared. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await asTransition(async () => {
    await endSessionFn().catch(() => undefined)
    await (await sdk()).signOut(await authOf(queryClient)).catch(() => undefined)
    authStore.clear()
    feedback.reset()
    // Shown as signed out once the server session is over, not before.
    queryClient.setQueryData(viewerQuery.queryKey, { signedIn: false })
    queryClient.removeQueries({ queryKey: ['member'] })
  })
}

/**
 * After the member deleted their account: signed out in this browser. Unlike signOut, the server is
 * not asked to end the session: the member API has revoked every session and deleted the user, and
 * the deletion's server function removed the cookie. Firebase signs out here, the store and the
 * member's data are cleared, and the viewer is signed out first, so nothing on the page asks for
 * member data again (it would be refused, and read as an expired session).
 */
export async function finishAccountDeletion(queryClient: QueryClient): Promise<void> {
  await asTransition(async () => {
    queryClient.setQueryData(viewerQuery.queryKey, { signedIn: false })
    queryClient.removeQueries({ queryKey: ['member'] })
    authStore.clear()
    await (await sdk()).signOut(await authOf(queryClient)).catch(() => undefined)
  })
}
