import { deleteCookie, getCookie, getRequestHeader, setCookie } from '@tanstack/react-start/server'
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
  } catch {
    return { member: null, cookieRejected: true }
  }
}

/** The calling member, or null. A bad, expired or revoked session cookie is removed. */
export async function memberFromRequest(): Promise<VerifiedMember | null> {
  const { cookieName } = portalConfig().session
  const { member, cookieRejected } = await verifyCredentials(adminAuth(), { bearer: bearerToken(), cookie: getCookie(cookieName) ?? null })
  if (cookieRejected) deleteCookie(cookieName, sessionCookieOptions())
  return member
}

/** Exchanges a fresh ID token for a session cookie (HttpOnly, SameSite=Lax, Secure outside local mode). */
export async function startSession(idToken: string): Promise<VerifiedMember> {
  const auth = adminAuth()
  const decoded = await auth.verifyIdToken(idToken, true)
  const { session } = portalConfig()
  const cookie = await auth.createSessionCookie(idToken, { expiresIn: session.maxAgeSeconds * 1000 })
  setCookie(session.cookieName, cookie, { ...sessionCookieOptions(), maxAge: session.maxAgeSeconds })
  return toMember(decoded, cookie)
}

/** Ends the member's sessions everywhere (refresh tokens revoked) and removes the cookie. */
export async function endSession(member: VerifiedMember | null): Promise<void> {
  if (member) await adminAuth().revokeRefreshTokens(member.uid)
  deleteCookie(portalConfig().session.cookieName, sessionCookieOptions())
}
