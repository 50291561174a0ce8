// Who is calling: the Bearer credential verified with Firebase Authentication, and the account
// changes the suite makes there (e-mail, phone claim, deleting the user on account deletion).
//
// The credential is checked by the module the portal uses too (contract/credentials.server.ts):
// locally, with the user's record remembered for at most `recordTtlMs` (60 s), so a session revoked
// by another process may still be accepted here for up to that long. What this process changes
// itself (disable, delete, e-mail, phone) it forgets at once.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth'
import { credentialChecker } from '../../contract/credentials.server'
import { systemClock, type Clock } from '../deps'

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
   * Verifies an ID token or a session cookie, revocation checked (against the user's record as
   * remembered for at most the record window). Null when the credential is not
   * valid (malformed, forged, expired, revoked, disabled or deleted user): the caller answers 401.
   * Throws CredentialCheckUnavailable when it cannot be checked (Firebase or the network failing):
   * the caller answers 500, so an outage does not sign members out.
   */
  verify(token: string): Promise<VerifiedIdentity | null>
  updateEmail(uid: string, email: string): Promise<void>
  /** Records the verified phone and sets the `phoneVerified` custom claim (other claims kept). */
  setVerifiedPhone(uid: string, phone: string): Promise<void>
  /** Revokes every session and disables the user: the fallback when an account deletion cannot delete it. */
  disable(uid: string): Promise<void>
  /**
   * Account deletion: revokes every session and deletes the user, so the e-mail address is free to
   * register again. A user that no longer exists counts as deleted.
   */
  deleteUser(uid: string): Promise<void>
  /**
   * The user signing in with this e-mail (granting a staff role names the person by it), and whether
   * they have confirmed the address; null when there is none.
   */
  findUserByEmail(email: string): Promise<{ uid: string; email: string; displayName: string | null; emailVerified: boolean } | null>
  /** A link that confirms this e-mail address (Firebase's action link: the portal's page once the project's action URL points there). */
  emailVerificationLink(email: string): Promise<string>
  /**
   * Seed support: the uid of the user with this e-mail, created with the password if missing, its
   * address confirmed (the demo's staff and brand accounts need it to reach the console).
   */
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

export interface FirebaseIdentityOptions {
  /** An Auth instance of its own (tests: another emulator address, or one that counts calls); the app's by default. */
  auth?: Auth
  /** The clock of the record window (tests move it); the system's by default. */
  clock?: Clock
  /** How long a user's record is remembered for revocation checks; 60 s by default, 0 to ask Firebase every time. */
  recordTtlMs?: number
}

export function firebaseIdentity(projectId: string, options: FirebaseIdentityOptions = {}): IdentityProvider {
  const auth = options.auth ?? getAuth(initFirebase(projectId))
  const credentials = credentialChecker(auth, projectId, { clock: options.clock ?? systemClock, recordTtlMs: options.recordTtlMs })
  /** After this process changed the user in Firebase: the next request looks the record up again. */
  const forget = credentials.forget

  return {
    async verify(token) {
      const decoded = await credentials.verify(token)
      return decoded && toIdentity(decoded)
    },
    async updateEmail(uid, email) {
      try {
        await auth.updateUser(uid, { email, emailVerified: true })
      } finally {
        forget(uid)
      }
    },
    async setVerifiedPhone(uid, phone) {
      try {
        const user = await auth.getUser(uid)
        await auth.setCustomUserClaims(uid, { ...(user.customClaims ?? {}), phoneVerified: true })
        try {
          await auth.updateUser(uid, { phoneNumber: phone })
        } catch {
          // Another Firebase account may hold this number for phone sign-in; the claim and the
          // member record are what the product relies on.
        }
      } finally {
        forget(uid)
      }
    },
    async disable(uid) {
      try {
        await auth.updateUser(uid, { disabled: true })
        await auth.revokeRefreshTokens(uid)
      } finally {
        forget(uid)
      }
    },
    async deleteUser(uid) {
      try {
        await auth.revokeRefreshTokens(uid)
        await auth.deleteUser(uid)
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      } finally {
        forget(uid)
      }
    },
    async findUserByEmail(email) {
      try {
        const user = await auth.getUserByEmail(email)
        return { uid: user.uid, email: user.email ?? email, displayName: user.displayName ?? null, emailVerified: user.emailVerified }
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null
        throw error
      }
    },
    async emailVerificationLink(email) {
      return auth.generateEmailVerificationLink(email)
    },
    async ensureUser({ email, password, displayName }) {
      try {
        const user = await auth.getUserByEmail(email)
        if (!user.emailVerified) {
          await auth.updateUser(user.uid, { emailVerified: true })
          forget(user.uid)
        }
        return user.uid
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      }
      return (await auth.createUser({ email, password, displayName, emailVerified: true })).uid
    },
  }
}
