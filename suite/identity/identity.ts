// Who is calling: the Bearer credential verified with Firebase Authentication, and the account
// changes the suite makes there (e-mail, phone claim, disabling on deletion).
//
// A credential's signature, expiry, audience and issuer are checked locally (firebase-admin, public
// keys cached). Revocation and disabling are checked against the user's record (disabled,
// tokensValidAfterTime), which is fetched from Firebase once per uid and remembered for at most
// `recordTtlMs` (60 s): a session revoked by another process (the portal, the Firebase console) may
// still be accepted here for up to that long. What this process changes itself (disable, e-mail,
// phone) it forgets at once.
import { getApps, initializeApp } from 'firebase-admin/app'
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth'
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

export interface FirebaseIdentityOptions {
  /** An Auth instance of its own (tests: another emulator address, or one that counts calls); the app's by default. */
  auth?: Auth
  /** The clock of the record window (tests move it); the system's by default. */
  clock?: Clock
  /** How long a user's record is remembered for revocation checks; 60 s by default, 0 to ask Firebase every time. */
  recordTtlMs?: number
}

export const DEFAULT_RECORD_TTL_MS = 60_000
/** Records remembered at most; the oldest is forgotten first. */
const MAX_REMEMBERED_RECORDS = 10_000

/** What revocation is checked against: the user's record as Firebase holds it. */
interface RevocationState {
  disabled: boolean
  /** tokensValidAfterTime in ms, null when the user never had sessions revoked. */
  validSinceMs: number | null
}

/**
 * Refused exactly as firebase-admin refuses on `checkRevoked` (verifyDecodedJWTNotRevokedOrDisabled
 * in lib/auth/base-auth.js): a disabled user, or a credential whose auth_time (seconds) is earlier
 * than the user's tokensValidAfterTime.
 */
export function isRevokedOrDisabled(decoded: Pick<DecodedIdToken, 'auth_time'>, state: RevocationState): boolean {
  if (state.disabled) return true
  return state.validSinceMs !== null && decoded.auth_time * 1000 < state.validSinceMs
}

/** firebase-admin's verifiers of signature and claims, without its own revocation lookup. */
interface TokenVerifier {
  verifyJWT(token: string, isEmulator: boolean): Promise<DecodedIdToken>
}
interface AuthInternals {
  emulatorMode: boolean
  idTokenVerifier: TokenVerifier
  sessionCookieVerifier: TokenVerifier
}

/**
 * Local checks of an ID token and of a session cookie. firebase-admin's public methods with
 * checkRevoked false are purely local, except against the Auth emulator, where they always look the
 * user up; there its verifiers are called directly (the same check, minus the lookup). Should a
 * future firebase-admin no longer have them, the public methods still give the right answer.
 */
function localVerifiers(auth: Auth): { idToken: (token: string) => Promise<DecodedIdToken>; sessionCookie: (token: string) => Promise<DecodedIdToken> } {
  const internals = auth as unknown as Partial<AuthInternals>
  const { idTokenVerifier, sessionCookieVerifier } = internals
  if (internals.emulatorMode === true && typeof idTokenVerifier?.verifyJWT === 'function' && typeof sessionCookieVerifier?.verifyJWT === 'function') {
    return { idToken: (token) => idTokenVerifier.verifyJWT(token, true), sessionCookie: (token) => sessionCookieVerifier.verifyJWT(token, true) }
  }
  return { idToken: (token) => auth.verifyIdToken(token, false), sessionCookie: (token) => auth.verifySessionCookie(token, false) }
}

/** The `iss` claim, read without verifying anything (only to choose the verifier); null when unreadable. */
function unverifiedIssuer(token: string): string | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const iss = (claims as { iss?: unknown } | null)?.iss
    return typeof iss === 'string' ? iss : null
  } catch {
    return null
  }
}

export function firebaseIdentity(projectId: string, options: FirebaseIdentityOptions = {}): IdentityProvider {
  const auth = options.auth ?? getAuth(initFirebase(projectId))
  const clock = options.clock ?? systemClock
  const ttlMs = options.recordTtlMs ?? DEFAULT_RECORD_TTL_MS
  const verifiers = localVerifiers(auth)
  const sessionIssuer = `https://session.firebase.google.com/${projectId}`

  /** The decoded credential or record; null when refused; throws when it could not be checked. */
  async function attempt<T>(check: () => Promise<T>): Promise<T | null> {
    try {
      return await check()
    } catch (error) {
      if (isInvalidCredential(error)) return null
      throw new IdentityUnavailableError(error)
    }
  }

  // One lookup per uid at a time and per window: requests arriving meanwhile share it. An entry is
  // made when its lookup starts, so forgetting a uid also drops a lookup still under way.
  const records = new Map<string, { fetchedAt: number; state: Promise<RevocationState> }>()
  function revocationState(uid: string): Promise<RevocationState> {
    const now = clock.now().getTime()
    const known = records.get(uid)
    if (known && now - known.fetchedAt < ttlMs) return known.state
    const entry = {
      fetchedAt: now,
      state: auth.getUser(uid).then((user) => ({
        disabled: user.disabled,
        validSinceMs: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : null,
      })),
    }
    records.delete(uid)
    if (ttlMs > 0) {
      records.set(uid, entry)
      if (records.size > MAX_REMEMBERED_RECORDS) records.delete(records.keys().next().value!)
      // A failed lookup (an outage, a deleted user) is not remembered.
      entry.state.catch(() => {
        if (records.get(uid) === entry) records.delete(uid)
      })
    }
    return entry.state
  }
  /** After this process changed the user in Firebase: the next request looks the record up again. */
  const forget = (uid: string) => void records.delete(uid)

  return {
    async verify(token) {
      // The issuer says which kind of credential it is; the verifier chosen checks it again.
      const check = unverifiedIssuer(token) === sessionIssuer ? verifiers.sessionCookie : verifiers.idToken
      const decoded = await attempt(() => check(token))
      if (!decoded) return null
      const state = await attempt(() => revocationState(decoded.uid))
      if (!state || isRevokedOrDisabled(decoded, state)) return null
      return toIdentity(decoded)
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
