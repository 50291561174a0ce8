import { initializeApp } from 'firebase-admin/app'
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth'

// The same Auth emulator as the portal's (FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT, set by the bench).
const auth = getAuth(initializeApp({ projectId: process.env.GCLOUD_PROJECT }))

/**
 * In production `verifySessionCookie(cookie, false)` checks the cookie where it is (Google's keys
 * cached); against the Auth emulator it also looks the user up over HTTP on every call, which
 * production does not. So there the anchor calls the emulator's own verifier, as the portal does:
 * the same check, without the look-up.
 */
type Verifier = { verifyJWT(token: string, isEmulator: boolean): Promise<DecodedIdToken> }
const internals = auth as unknown as { emulatorMode?: boolean; sessionCookieVerifier?: Verifier }
const verify =
  internals.emulatorMode && internals.sessionCookieVerifier
    ? (cookie: string) => internals.sessionCookieVerifier!.verifyJWT(cookie, true)
    : (cookie: string) => auth.verifySessionCookie(cookie, false)

/**
 * Signed in when the session cookie is one Firebase issued for this project and it has not expired:
 * the check every member page makes before it shows a member's data. (The portal also looks a
 * member's record up for revocation, once a minute per member; the anchor leaves that out.)
 */
export async function signedIn(sessionCookie: string | undefined): Promise<boolean> {
  if (!sessionCookie) return false
  return verify(sessionCookie).then(
    () => true,
    () => false,
  )
}
