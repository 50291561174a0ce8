// Who is calling, checked the same way by both programs: the portal (session cookie, or the browser's
// ID token) and the member API (the Bearer the portal forwards). Server-only: firebase-admin must
// never reach the browser bundle, so this file is not exported from contract/index.ts.
//
// A credential's signature, expiry, audience and issuer are checked locally (firebase-admin, public
// keys cached). Revocation and disabling are checked against the user's record (disabled,
// tokensValidAfterTime), which is fetched from Firebase once per uid and remembered for at most
// `recordTtlMs` (60 s, never more): a session revoked by another process (another portal or member
// API process, the Firebase console) may still be accepted for up to that long. What a process
// changes itself (sign-out, account deletion, e-mail or phone) it forgets at once, so its own
// revocations hold from the next request on.
import type { Auth, DecodedIdToken } from 'firebase-admin/auth'

/** The user's record is remembered for at most this long, and by default this long. */
export const MAX_RECORD_TTL_SECONDS = 60
const MAX_RECORD_TTL_MS = MAX_RECORD_TTL_SECONDS * 1000
export const DEFAULT_RECORD_TTL_MS = MAX_RECORD_TTL_MS
/** Records remembered at most; the oldest is forgotten first. */
const MAX_REMEMBERED_RECORDS = 10_000

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

/**
 * True when firebase-admin refused the credential; false when the check itself failed (Firebase,
 * Google's public keys or the network away). Only a refusal may end a member's session.
 */
export function isInvalidCredential(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code !== 'string' || !INVALID_CREDENTIAL_CODES.has(code)) return false
  return !(code === 'auth/argument-error' && typeof message === 'string' && KEY_FETCH_FAILURE.test(message))
}

/** Thrown when a credential could not be checked: the caller keeps the session and answers "try again". */
export class CredentialCheckUnavailable extends Error {
  override name = 'CredentialCheckUnavailable'
  constructor(cause: unknown) {
    super('Could not verify the credential with Firebase Authentication', { cause })
  }
}

/** What revocation is checked against: the user's record as Firebase holds it. */
export interface RevocationState {
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
type LocalCheck = (token: string) => Promise<DecodedIdToken>

/**
 * Local checks of an ID token and of a session cookie. firebase-admin's public methods with
 * checkRevoked false are purely local, except against the Auth emulator, where they always look the
 * user up; there its verifiers are called directly (the same check, minus the lookup). Should a
 * future firebase-admin no longer have them, the public methods still give the right answer.
 */
function localVerifiers(auth: Auth): { idToken: LocalCheck; sessionCookie: LocalCheck } {
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

export interface CredentialCheckerOptions {
  /** The clock of the record window (tests move it); the system's by default. */
  clock?: { now(): Date }
  /** How long a user's record is remembered for revocation checks: 0 to 60 s, 60 s by default, 0 to ask Firebase every time. */
  recordTtlMs?: number
}

export interface CredentialChecker {
  /**
   * The claims of an ID token or a session cookie (its issuer says which; each is verified once),
   * revocation checked against the user's record as remembered. Null when the credential is not
   * valid (malformed, forged, expired, revoked, disabled or deleted user). Throws
   * CredentialCheckUnavailable when it could not be checked, so an outage does not sign members out.
   * `fresh` looks the record up anew (opening a session is checked against the current record).
   */
  verify(credential: string, options?: { fresh?: boolean }): Promise<DecodedIdToken | null>
  /** After this process changed the user in Firebase (signed out, disabled, edited): the next check looks the record up again. */
  forget(uid: string): void
}

export function credentialChecker(auth: Auth, projectId: string, options: CredentialCheckerOptions = {}): CredentialChecker {
  const clock = options.clock ?? { now: () => new Date() }
  const ttlMs = options.recordTtlMs ?? DEFAULT_RECORD_TTL_MS
  if (!(ttlMs >= 0 && ttlMs <= MAX_RECORD_TTL_MS))
    throw new RangeError(`recordTtlMs must be 0 to ${MAX_RECORD_TTL_MS}: a session revoked elsewhere is refused within a minute`)
  const verifiers = localVerifiers(auth)
  const sessionIssuer = `https://session.firebase.google.com/${projectId}`

  /** The decoded credential or record; null when refused; throws when it could not be checked. */
  async function attempt<T>(check: () => Promise<T>): Promise<T | null> {
    try {
      return await check()
    } catch (error) {
      if (isInvalidCredential(error)) return null
      throw new CredentialCheckUnavailable(error)
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
  const forget = (uid: string) => void records.delete(uid)

  return {
    async verify(credential, { fresh = false } = {}) {
      // The issuer says which kind of credential it is; the verifier chosen checks it again.
      const check = unverifiedIssuer(credential) === sessionIssuer ? verifiers.sessionCookie : verifiers.idToken
      const decoded = await attempt(() => check(credential))
      if (!decoded) return null
      if (fresh) forget(decoded.uid)
      const state = await attempt(() => revocationState(decoded.uid))
      if (!state || isRevokedOrDisabled(decoded, state)) return null
      return decoded
    },
    forget,
  }
}
