import { deleteCookie, getCookie, getRequest, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import type { Auth, DecodedIdToken } from 'firebase-admin/auth'
import { CredentialCheckUnavailable, isInvalidCredential, type CredentialChecker } from '#contract/credentials.server'
import { portalConfig } from '~/config/config.server'
import { adminAuth, memberCredentials } from './firebase-admin.server'
import { bearerWithinSession, cookieLifetime } from './session-policy'
import { STAFF_SESSION_SECONDS } from '#contract/staff'

export { CredentialCheckUnavailable }

const SESSION_COOKIE_ISSUER = 'https://session.firebase.google.com/'

/** The ID token's sign-in is too old to open a session, and no session of the same member can be renewed. */
export class RecentSignInRequired extends Error {
  override name = 'RecentSignInRequired'
  constructor() {
    super('A session needs a recent sign-in')
  }
}

/** A member whose credential this server has just verified (revocation checked). */
export type VerifiedMember = {
  uid: string
  email: string | null
  emailVerified: boolean
  displayName: string | null
  phoneVerified: boolean
  /** The verified credential (ID token or session cookie), forwarded to the member API as Bearer. */
  credential: string
  /** The browser session's second-factor pass (its HttpOnly cookie), forwarded with the credential. */
  secondFactorPass?: string | null
}

function toMember(decoded: DecodedIdToken, credential: string): VerifiedMember {
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified === true,
    displayName: typeof decoded.name === 'string' ? decoded.name : null,
    phoneVerified: decoded.phoneVerified === true,
    credential,
  }
}

function bearerToken(): string | null {
  const header = getRequestHeader('authorization')
  const match = header ? /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header) : null
  return match?.[1] ?? null
}

/** The cookie that keeps the browser session's second-factor pass, beside the session's own. */
export const secondFactorCookieName = () => `${portalConfig().session.cookieName}-2fa`

function sessionCookieOptions() {
  const { session } = portalConfig()
  return { httpOnly: true, secure: session.secure, sameSite: 'lax' as const, path: '/' }
}

/** The session length the credentials are held to, and the clock (tests move it). */
export type SessionLimits = { maxAgeSeconds: number; nowMs?: () => number }

/**
 * The member a request's credentials prove, revocation checked (against the member's record as this
 * process remembers it, for at most REVOCATION_CHECK_SECONDS): a fresh ID token (browser calls)
 * first, else the session cookie. An ID token whose sign-in is older than the session length does not
 * count, so the session length holds for browser calls as it does for the cookie. `cookieRejected`
 * says the cookie is bad and should be removed; a cookie that could not be checked (Firebase or
 * Google's keys away) is kept, so a short outage does not sign members out.
 */
export async function verifyCredentials(
  credentials: CredentialChecker,
  presented: { bearer: string | null; cookie: string | null },
  limits: SessionLimits = { maxAgeSeconds: portalConfig().session.maxAgeSeconds },
): Promise<{ member: VerifiedMember | null; cookieRejected: boolean }> {
  if (presented.bearer) {
    // A stale token in the header, or one that cannot be checked now: the session cookie may still do.
    const decoded = await credentials.verify(presented.bearer).catch(() => null)
    const now = limits.nowMs?.() ?? Date.now()
    if (decoded && bearerWithinSession(decoded.auth_time, now, limits.maxAgeSeconds))
      return { member: toMember(decoded, presented.bearer), cookieRejected: false }
  }
  if (!presented.cookie) return { member: null, cookieRejected: false }
  try {
    const decoded = await credentials.verify(presented.cookie)
    return decoded ? { member: toMember(decoded, presented.cookie), cookieRejected: false } : { member: null, cookieRejected: true }
  } catch (error) {
    if (error instanceof CredentialCheckUnavailable) return { member: null, cookieRejected: false }
    throw error
  }
}

/**
 * One check per incoming request: a page rendered on the server calls several server functions
 * (the viewer, the header's member info, the page's data), and they share the first one's answer.
 */
const verifiedInRequest = new WeakMap<Request, Promise<VerifiedMember | null>>()

/** The calling member, or null. A bad, expired or revoked session cookie is removed. */
export function memberFromRequest(): Promise<VerifiedMember | null> {
  const request = getRequest()
  let verified = verifiedInRequest.get(request)
  if (!verified) {
    verified = verifyRequest()
    verifiedInRequest.set(request, verified)
  }
  return verified
}

async function verifyRequest(): Promise<VerifiedMember | null> {
  const { cookieName } = portalConfig().session
  const { member, cookieRejected } = await verifyCredentials(memberCredentials(), { bearer: bearerToken(), cookie: getCookie(cookieName) ?? null })
  if (cookieRejected) deleteCookie(cookieName, sessionCookieOptions())
  return member && { ...member, secondFactorPass: getCookie(secondFactorCookieName()) ?? null }
}

/** Keeps the pass the member API gave this browser session for passing a second factor (as long as a console session). */
export function keepSecondFactorPass(pass: string): void {
  setCookie(secondFactorCookieName(), pass, { ...sessionCookieOptions(), maxAge: STAFF_SESSION_SECONDS })
}

/**
 * A sign-in opens a new session unless it continues this browser's own session of the same person
 * (a password confirmed again, a refreshed verification): a new one keeps no second-factor pass,
 * so whoever signs in must pass a factor again.
 */
async function keepPassOnlyForSameSession(uid: string, previousCookie: string | null): Promise<void> {
  const passCookie = secondFactorCookieName()
  if (!getCookie(passCookie)) return
  const previous = previousCookie
    ? await memberCredentials()
        .verify(previousCookie)
        .catch(() => null)
    : null
  if (previous?.uid !== uid) deleteCookie(passCookie, sessionCookieOptions())
}

/**
 * A session cookie for a fresh ID token, as long as the session policy allows (session-policy.ts): the
 * full session length after a recent sign-in, else the end date of the member's current session
 * (`existingCookie`), else RecentSignInRequired. Throws CredentialCheckUnavailable when Firebase could
 * not be asked, so callers can tell "refused" (any other error) from "try again".
 */
export async function mintSessionCookie(
  idToken: string,
  existingCookie: string | null,
  deps: { credentials: CredentialChecker; auth: Pick<Auth, 'createSessionCookie'>; maxAgeSeconds: number; nowMs?: () => number },
): Promise<{ member: VerifiedMember; cookie: string; maxAgeSeconds: number }> {
  // A session opens against the member's current record, not a remembered one: it is looked up anew
  // (and remembered from here), so a revocation made elsewhere before this sign-in holds here at once.
  const decoded = await deps.credentials.verify(idToken, { fresh: true })
  if (!decoded) throw new Error('The ID token was refused')
  const now = deps.nowMs ?? Date.now
  const policy = (existing: { uid: string; expSec: number } | null) =>
    cookieLifetime({ uid: decoded.uid, authTimeSec: decoded.auth_time, nowMs: now(), maxAgeSeconds: deps.maxAgeSeconds, existing })
  let lifetime = policy(null)
  // The current cookie matters only when the sign-in is not recent; it is not even checked otherwise.
  if (!('expiresInMs' in lifetime) && existingCookie) {
    const current = await deps.credentials.verify(existingCookie)
    // Only a session cookie sets an end date; an ID token placed in the cookie does not.
    if (current?.iss.startsWith(SESSION_COOKIE_ISSUER)) lifetime = policy({ uid: current.uid, expSec: current.exp })
  }
  if (!('expiresInMs' in lifetime)) throw new RecentSignInRequired()
  let cookie: string
  try {
    cookie = await deps.auth.createSessionCookie(idToken, { expiresIn: lifetime.expiresInMs })
  } catch (error) {
    if (isInvalidCredential(error)) throw error
    throw new CredentialCheckUnavailable(error)
  }
  return { member: toMember(decoded, cookie), cookie, maxAgeSeconds: Math.floor(lifetime.expiresInMs / 1000) }
}

/**
 * Exchanges a fresh ID token for a session cookie (HttpOnly, SameSite=Lax, Secure outside local
 * mode), as long as the session policy allows (mintSessionCookie).
 */
export async function startSession(idToken: string): Promise<VerifiedMember> {
  const { session } = portalConfig()
  const previousCookie = getCookie(session.cookieName) ?? null
  const { member, cookie, maxAgeSeconds } = await mintSessionCookie(idToken, previousCookie, {
    credentials: memberCredentials(),
    auth: adminAuth(),
    maxAgeSeconds: session.maxAgeSeconds,
  })
  await keepPassOnlyForSameSession(member.uid, previousCookie)
  setCookie(session.cookieName, cookie, { ...sessionCookieOptions(), maxAge: maxAgeSeconds })
  return member
}

/** Ends the member's sessions everywhere (refresh tokens revoked) and removes the cookie. */
export async function endSession(member: VerifiedMember | null): Promise<void> {
  // The cookie goes first: whatever happens next, this browser is signed out.
  deleteCookie(portalConfig().session.cookieName, sessionCookieOptions())
  deleteCookie(secondFactorCookieName(), sessionCookieOptions())
  if (member) await revokeSessions(member.uid)
}

/**
 * Revokes the member's sessions everywhere, and this process forgets their remembered record, so it
 * refuses their older credentials (a session cookie replayed after sign-out) from the next request
 * on, not a window later. Another portal process may accept them until its own window ends.
 */
export async function revokeSessions(
  uid: string,
  auth: Pick<Auth, 'revokeRefreshTokens'> = adminAuth(),
  credentials: CredentialChecker = memberCredentials(),
): Promise<void> {
  try {
    await auth.revokeRefreshTokens(uid)
  } finally {
    // After the revocation, not before it: a look-up under way meanwhile may have read the old record.
    credentials.forget(uid)
  }
}
