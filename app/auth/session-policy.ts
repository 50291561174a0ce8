// How long a new session cookie may last. The configured session length is an absolute limit
// counted from the member's sign-in: a browser whose Firebase state can refresh ID tokens forever
// must not be able to renew its server session forever.
import { RECENT_SIGN_IN_SECONDS } from '#contract/auth'

/** Firebase refuses session cookies shorter than five minutes (createSessionCookie's minimum). */
export const MIN_COOKIE_SECONDS = 5 * 60

export type CookieLifetime = { expiresInMs: number } | { refused: 'reauthenticate' }

export type CookieLifetimeInput = {
  /** The member the ID token is for. */
  uid: string
  /** The ID token's auth_time: when the member last typed a password or used a sign-in link (seconds). */
  authTimeSec: number
  nowMs: number
  /** The configured session length. */
  maxAgeSeconds: number
  /** The valid session cookie the request carries, if any. */
  existing: { uid: string; expSec: number } | null
}

/**
 * 1. A sign-in at most RECENT_SIGN_IN_SECONDS old opens a session of the full configured length.
 * 2. Otherwise a valid session of the same member is renewed (new claims, say after e-mail
 *    verification or the phone claim) with its end date unchanged, never extended; refused when
 *    less than Firebase's minimum cookie lifetime is left.
 * 3. Anything else needs a new sign-in.
 */
export function cookieLifetime(input: CookieLifetimeInput): CookieLifetime {
  const signInAgeMs = input.nowMs - input.authTimeSec * 1000
  if (signInAgeMs <= RECENT_SIGN_IN_SECONDS * 1000) return { expiresInMs: input.maxAgeSeconds * 1000 }
  const { existing } = input
  if (existing && existing.uid === input.uid) {
    const leftMs = existing.expSec * 1000 - input.nowMs
    if (leftMs >= MIN_COOKIE_SECONDS * 1000) return { expiresInMs: leftMs }
  }
  return { refused: 'reauthenticate' }
}

/**
 * Whether an ID token may speak for the member in place of the session cookie: only while its
 * sign-in is younger than the configured session length, which the cookie could not outlive either.
 */
export function bearerWithinSession(authTimeSec: number, nowMs: number, maxAgeSeconds: number): boolean {
  return nowMs - authTimeSec * 1000 <= maxAgeSeconds * 1000
}
