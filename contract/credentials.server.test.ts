// The credential rule both programs apply: a refusal told from an outage, the issuer choosing the
// check, revocation compared as firebase-admin does, and the user's record remembered at most a minute.
// Against stand-ins of firebase-admin's Auth here; against the Auth emulator beside the portal's and
// the member API's use of it (app/auth/member.server.test.ts, suite/identity/identity.test.ts).
import type { Auth, DecodedIdToken } from 'firebase-admin/auth'
import { describe, expect, it } from 'vitest'
import { credentialChecker, CredentialCheckUnavailable, DEFAULT_RECORD_TTL_MS, isInvalidCredential, isRevokedOrDisabled } from './credentials.server'

/** An unsigned token with these claims (what the Auth emulator issues; the stand-ins below only decode it). */
function emulatorToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/** What firebase-admin's local check answers for such a token. */
function decoded(token: string): DecodedIdToken {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }
  return { ...claims, uid: claims.sub } as unknown as DecodedIdToken
}

/** A clock that stands still until moved. */
function fixedClock() {
  let at = Date.now()
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) }
}

describe('isInvalidCredential', () => {
  it('tells a refused credential from a failed check', () => {
    for (const code of [
      'auth/argument-error',
      'auth/id-token-expired',
      'auth/id-token-revoked',
      'auth/session-cookie-revoked',
      'auth/user-disabled',
      'auth/user-not-found',
    ]) {
      expect(isInvalidCredential({ code, message: 'refused' }), code).toBe(true)
    }
    expect(isInvalidCredential({ code: 'auth/internal-error', message: 'An internal error has occurred.' })).toBe(false)
    expect(isInvalidCredential({ code: 'app/network-error', message: 'Error while making request: connect ECONNREFUSED' })).toBe(false)
    // Google's public keys could not be fetched: reported as an argument error, but it is an outage.
    expect(
      isInvalidCredential({
        code: 'auth/argument-error',
        message: 'Error while making request: getaddrinfo ENOTFOUND www.googleapis.com. Error code: ENOTFOUND',
      }),
    ).toBe(false)
    expect(isInvalidCredential({ code: 'auth/argument-error', message: 'Error fetching public keys for Google certs: server error' })).toBe(false)
    expect(isInvalidCredential(new TypeError('fetch failed'))).toBe(false)
    expect(isInvalidCredential(undefined)).toBe(false)
  })
})

describe('isRevokedOrDisabled', () => {
  it('compares as firebase-admin does: auth_time in seconds against tokensValidAfterTime', () => {
    const validSinceMs = Date.parse('2026-01-01T10:00:00Z')
    const authTime = validSinceMs / 1000
    expect(isRevokedOrDisabled({ auth_time: authTime - 1 }, { disabled: false, validSinceMs })).toBe(true)
    // Issued in the very second of the revocation: still valid (one-second resolution).
    expect(isRevokedOrDisabled({ auth_time: authTime }, { disabled: false, validSinceMs })).toBe(false)
    expect(isRevokedOrDisabled({ auth_time: authTime - 3600 }, { disabled: false, validSinceMs: null })).toBe(false)
    expect(isRevokedOrDisabled({ auth_time: authTime + 3600 }, { disabled: true, validSinceMs: null })).toBe(true)
  })
})

describe('choosing the check by the issuer (production: firebase-admin without the emulator)', () => {
  /** An Auth as production has it: the public methods verify locally; every call is recorded. */
  function productionAuth(record: { disabled: boolean; tokensValidAfterTime?: string } | Error = { disabled: false }) {
    const calls: string[] = []
    const auth = {
      verifyIdToken: async (token: string, checkRevoked?: boolean) => (calls.push(`verifyIdToken checkRevoked=${checkRevoked}`), decoded(token)),
      verifySessionCookie: async (token: string, checkRevoked?: boolean) => (calls.push(`verifySessionCookie checkRevoked=${checkRevoked}`), decoded(token)),
      getUser: async (uid: string) => {
        calls.push(`getUser ${uid}`)
        if (record instanceof Error) throw record
        return record
      },
    } as unknown as Auth
    return { auth, calls }
  }
  const now = Math.floor(Date.now() / 1000)
  const claims = { aud: 'prod-project', sub: 'u-1', user_id: 'u-1', auth_time: now - 60, iat: now, exp: now + 3600 }
  const idToken = emulatorToken({ ...claims, iss: 'https://securetoken.google.com/prod-project' })
  const sessionCookie = emulatorToken({ ...claims, iss: 'https://session.firebase.google.com/prod-project' })

  it('verifies a session cookie once, as a session cookie, and an ID token once, as an ID token; neither asks Firebase to check revocation', async () => {
    const { auth, calls } = productionAuth()
    const credentials = credentialChecker(auth, 'prod-project', { clock: fixedClock() })
    expect(await credentials.verify(sessionCookie)).toMatchObject({ uid: 'u-1' })
    expect(calls).toEqual(['verifySessionCookie checkRevoked=false', 'getUser u-1'])
    calls.length = 0
    expect(await credentials.verify(idToken)).toMatchObject({ uid: 'u-1' })
    expect(calls).toEqual(['verifyIdToken checkRevoked=false'])
  })

  it('refuses what the user record refuses, and tells an outage from a refusal', async () => {
    const revoked = productionAuth({ disabled: false, tokensValidAfterTime: new Date((now - 30) * 1000).toUTCString() })
    expect(await credentialChecker(revoked.auth, 'prod-project').verify(idToken)).toBeNull()
    const disabled = productionAuth({ disabled: true })
    expect(await credentialChecker(disabled.auth, 'prod-project').verify(sessionCookie)).toBeNull()
    const deleted = productionAuth(Object.assign(new Error('no user'), { code: 'auth/user-not-found' }))
    expect(await credentialChecker(deleted.auth, 'prod-project').verify(idToken)).toBeNull()
    const outage = productionAuth(Object.assign(new Error('Error while making request: connect ECONNREFUSED'), { code: 'app/network-error' }))
    await expect(credentialChecker(outage.auth, 'prod-project').verify(idToken)).rejects.toBeInstanceOf(CredentialCheckUnavailable)
  })
})

describe('the remembered record', () => {
  /** A production-like Auth whose getUser answers `record()` after `delayMs`, counting the calls. */
  function countingAuth(record: () => { disabled: boolean; tokensValidAfterTime?: string }, delayMs = 0) {
    let lookups = 0
    const auth = {
      verifyIdToken: async (token: string) => decoded(token),
      verifySessionCookie: async (token: string) => decoded(token),
      getUser: async () => {
        lookups++
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        return record()
      },
    } as unknown as Auth
    return { auth, lookups: () => lookups }
  }
  const now = Math.floor(Date.now() / 1000)
  const token = emulatorToken({
    iss: 'https://securetoken.google.com/prod-project',
    aud: 'prod-project',
    sub: 'u-1',
    user_id: 'u-1',
    auth_time: now - 60,
    iat: now,
    exp: now + 3600,
  })

  it('is looked up once per window by concurrent checks; forgotten, or asked for fresh, it is looked up again', async () => {
    let record: { disabled: boolean; tokensValidAfterTime?: string } = { disabled: false }
    const { auth, lookups } = countingAuth(() => record, 20)
    const clock = fixedClock()
    const credentials = credentialChecker(auth, 'prod-project', { clock })
    const verified = await Promise.all(Array.from({ length: 20 }, () => credentials.verify(token)))
    expect(verified.every((decoded) => decoded?.uid === 'u-1')).toBe(true)
    expect(lookups()).toBe(1)

    // Revoked now: the remembered record still accepts within the window, not after it.
    record = { disabled: false, tokensValidAfterTime: new Date(now * 1000).toUTCString() }
    clock.advance(DEFAULT_RECORD_TTL_MS - 1)
    expect(await credentials.verify(token)).not.toBeNull()
    clock.advance(1)
    expect(await credentials.verify(token)).toBeNull()
    expect(lookups()).toBe(2)

    // Forgotten (this process changed the user), or opening a session: looked up at once.
    record = { disabled: false }
    expect(await credentials.verify(token)).toBeNull()
    credentials.forget('u-1')
    expect(await credentials.verify(token)).not.toBeNull()
    record = { disabled: true }
    expect(await credentials.verify(token, { fresh: true })).toBeNull()
    expect(lookups()).toBe(4)
  })

  it('is never remembered longer than a minute', () => {
    const { auth } = countingAuth(() => ({ disabled: false }))
    expect(() => credentialChecker(auth, 'prod-project', { recordTtlMs: DEFAULT_RECORD_TTL_MS + 1 })).toThrow(RangeError)
    expect(() => credentialChecker(auth, 'prod-project', { recordTtlMs: -1 })).toThrow(RangeError)
    expect(() => credentialChecker(auth, 'prod-project', { recordTtlMs: 0 })).not.toThrow()
  })
})
