import { deleteCookie, getCookie, getRequest, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import type { Auth, DecodedIdToken } from 'firebase-admin/auth'
import { portalConfig } from '~/config/config.server'
import { adminAuth } from './firebase-admin.server'

/** A member whose credential this server has just verified (revocation checked). */
export type VerifiedMember = {
  uid: string
  email: string | null
  emailVerified: boolean
  displayName: string | null
  phoneVerified: boolean
  /** The verified credential (ID token or session cookie), forwarded to the member API as Bearer. */
  credential: string
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

function sessionCookieOptions() {
  const { session } = portalConfig()
  return { httpOnly: true, secure: session.secure, sameSite: 'lax' as const, path: '/' }
}

type Verifier = Pick<Auth, 'verifyIdToken' | 'verifySessionCookie'>

/**
 * Whether firebase-admin refused the credential itself (forged, expired, revoked, disabled user),
 * as opposed to failing to check it (network, Google briefly away): only the first ends a session.
 */
export function isCredentialRejected(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : ''
  return /^auth\/(id-token-expired|id-token-revoked|session-cookie-expired|session-cookie-revoked|user-disabled|user-not-found|argument-error|invalid-id-token|invalid-session-cookie-duration|invalid-argument)$/.test(code)
}

/** Checking a credential failed for a reason that says nothing about the credential. */
export class CredentialCheckUnavailable extends Error {
  override name = 'CredentialCheckUnavailable'
}

/**
 * The member a request's credentials prove, checking revocation: a fresh ID token (browser calls)
 * first, else the session cookie. `cookieRejected` says the cookie is bad and should be removed.
 */
export async function verifyCredentials(auth: Verifier, credentials: { bearer: string | null; cookie: string | null }): Promise<{ member: VerifiedMember | null; cookieRejected: boolean }> {
  if (credentials.bearer) {
    try {
      return { member: toMember(await auth.verifyIdToken(credentials.bearer, true), credentials.bearer), cookieRejected: false }
    } catch {
      // A stale token in the header: the session cookie may still be good.
    }
  }
  if (!credentials.cookie) return { member: null, cookieRejected: false }
  try {
    return { member: toMember(await auth.verifySessionCookie(credentials.cookie, true), credentials.cookie), cookieRejected: false }
  } catch (error) {
    // A cookie we could not check this time is kept: a short outage must not sign members out.
    return { member: null, cookieRejected: isCredentialRejected(error) }
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
  const { member, cookieRejected } = await verifyCredentials(adminAuth(), { bearer: bearerToken(), cookie: getCookie(cookieName) ?? null })
  if (cookieRejected) deleteCookie(cookieName, sessionCookieOptions())
  return member
}

/**
 * Exchanges a fresh ID token for a session cookie (HttpOnly, SameSite=Lax, Secure outside local
 * mode). Throws CredentialCheckUnavailable when Firebase could not be asked, so callers can tell
 * "refused" from "try again".
 */
export async function startSession(idToken: string): Promise<VerifiedMember> {
  const auth = adminAuth()
  let decoded: DecodedIdToken
  try {
    decoded = await auth.verifyIdToken(idToken, true)
  } catch (error) {
    if (isCredentialRejected(error)) throw error
    throw new CredentialCheckUnavailable(String(error))
  }
  const { session } = portalConfig()
  const cookie = await auth.createSessionCookie(idToken, { expiresIn: session.maxAgeSeconds * 1000 })
  setCookie(session.cookieName, cookie, { ...sessionCookieOptions(), maxAge: session.maxAgeSeconds })
  return toMember(decoded, cookie)
}

/** Ends the member's sessions everywhere (refresh tokens revoked) and removes the cookie. */
export async function endSession(member: VerifiedMember | null): Promise<void> {
  // The cookie goes first: whatever happens next, this browser is signed out.
  deleteCookie(portalConfig().session.cookieName, sessionCookieOptions())
  if (member) await adminAuth().revokeRefreshTokens(member.uid)
}
