// Who is calling: the Bearer credential verified with Firebase Authentication, and the account
// changes the suite makes there (e-mail, phone claim, disabling on deletion).
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth'

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
  /** Verifies an ID token or a session cookie, revocation checked; null when not valid. */
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

export function firebaseIdentity(projectId: string): IdentityProvider {
  const auth = getAuth(initFirebase(projectId))
  return {
    async verify(token) {
      try {
        return toIdentity(await auth.verifyIdToken(token, true))
      } catch {
        // Not an ID token (or not a valid one): it may be a session cookie.
      }
      try {
        return toIdentity(await auth.verifySessionCookie(token, true))
      } catch {
        return null
      }
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
