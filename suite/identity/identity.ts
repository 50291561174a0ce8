// Who is calling: the Bearer credential verified with Firebase Authentication, and the account
// changes the suite makes there (e-mail, phone claim, disabling on deletion).
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth'

export interface VerifiedIdentity {
  uid: string
  email: string | null
  emailVerified: boolean
  phoneVerified: boolean
  name: string | null
  signInProvider: string | null
  authTime: Date
}

export interface IdentityProvider {
  /**
   * Verifies an ID token or a session cookie, revocation checked. Null when the credential is not
   * valid (malformed, forged, expired, revoked, disabled or deleted user): the caller answers 401.
   * Throws when it cannot be checked (Firebase or the network failing): the caller answers 500,
   * so an outage does not sign members out.
   */
  verify(token: string): Promise<VerifiedIdentity | null>
  updateEmail(uid: string, email: string): Promise<void>
  /** Records the verified phone and sets the `phoneVerified` custom claim (other claims kept). */
  setVerifiedPhone(uid: string, phone: string): Promise<void>
  /** Account deletion: revokes every session and disables the user. */
  disable(uid: string): Promise<void>
  /** Seed support: the uid of the user with this e-mail, created with the password if missing. */
  ensureUser(user: { email: string; password: string; displayName: string }): Promise<string>
}

export function initFirebase(projectId: string) {
  return getApps()[0] ?? initializeApp({ projectId })
}

function toIdentity(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified ?? false,
    phoneVerified: decoded['phoneVerified'] === true,
    name: typeof decoded['name'] === 'string' ? decoded['name'] : null,
    signInProvider: decoded.firebase?.sign_in_provider ?? null,
    authTime: new Date(decoded.auth_time * 1000),
  }
}

/** firebase-admin codes that say the credential itself is not valid (anything else is a failure to check it). */
const INVALID_CREDENTIAL_CODES = new Set([
  'auth/argument-error', // not a JWT, wrong issuer or audience, bad signature, unknown key id
  'auth/invalid-id-token',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
])
/**
 * firebase-admin reports a failure to fetch Google's public keys as an argument error too; its
 * message tells it apart (utils/jwt.js: the key fetcher's or the HTTP client's error).
 */
const KEY_FETCH_FAILURE = /^(Error while making request|Error fetching public keys|Error fetching Json Web Keys)/

/** True when firebase-admin refused the credential; false when the check itself failed. */
export function isInvalidCredential(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code !== 'string' || !INVALID_CREDENTIAL_CODES.has(code)) return false
  return !(code === 'auth/argument-error' && typeof message === 'string' && KEY_FETCH_FAILURE.test(message))
}

/** Thrown when a credential could not be checked; the request ends as a logged 500. */
export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError'
  constructor(cause: unknown) {
    super('Could not verify the credential with Firebase Authentication', { cause })
  }
}

/** `auth` for tests (an Auth instance bound to another emulator address); the app's by default. */
export function firebaseIdentity(projectId: string, auth: Auth = getAuth(initFirebase(projectId))): IdentityProvider {
  /** The decoded credential; null when refused; throws when it could not be checked. */
  async function attempt(check: () => Promise<DecodedIdToken>): Promise<DecodedIdToken | null> {
    try {
      return await check()
    } catch (error) {
      if (isInvalidCredential(error)) return null
      throw new IdentityUnavailableError(error)
    }
  }
  return {
    async verify(token) {
      // Not an ID token (or not a valid one): it may be a session cookie.
      const decoded = (await attempt(() => auth.verifyIdToken(token, true))) ?? (await attempt(() => auth.verifySessionCookie(token, true)))
      return decoded ? toIdentity(decoded) : null
    },
    async updateEmail(uid, email) {
      await auth.updateUser(uid, { email, emailVerified: true })
    },
    async setVerifiedPhone(uid, phone) {
      const user = await auth.getUser(uid)
      await auth.setCustomUserClaims(uid, { ...(user.customClaims ?? {}), phoneVerified: true })
      try {
        await auth.updateUser(uid, { phoneNumber: phone })
      } catch {
        // Another Firebase account may hold this number for phone sign-in; the claim and the
        // member record are what the product relies on.
      }
    },
    async disable(uid) {
      await auth.updateUser(uid, { disabled: true })
      await auth.revokeRefreshTokens(uid)
    },
    async ensureUser({ email, password, displayName }) {
      try {
        return (await auth.getUserByEmail(email)).uid
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      }
      return (await auth.createUser({ email, password, displayName, emailVerified: true })).uid
    },
  }
}
