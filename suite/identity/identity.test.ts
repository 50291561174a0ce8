// Credential checks: a credential that is not valid is a 401; a check that cannot be made (Firebase
// or the network down) is a 500, so an outage does not sign members out.
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberSummarySchema } from '../../contract/members'
import { API_MEMBER_PATH } from '../../contract/paths'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, projectId, type TestMember } from '../test/members'
import { firebaseIdentity, isInvalidCredential } from './identity'

/** An unsigned token as the Auth emulator issues them, with these claims. */
function emulatorToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('isInvalidCredential', () => {
  it('tells a refused credential from a failed check', () => {
    for (const code of ['auth/argument-error', 'auth/id-token-expired', 'auth/id-token-revoked', 'auth/session-cookie-revoked', 'auth/user-disabled', 'auth/user-not-found']) {
      expect(isInvalidCredential({ code, message: 'refused' }), code).toBe(true)
    }
    expect(isInvalidCredential({ code: 'auth/internal-error', message: 'An internal error has occurred.' })).toBe(false)
    expect(isInvalidCredential({ code: 'app/network-error', message: 'Error while making request: connect ECONNREFUSED' })).toBe(false)
    // Google's public keys could not be fetched: reported as an argument error, but it is an outage.
    expect(isInvalidCredential({ code: 'auth/argument-error', message: 'Error while making request: getaddrinfo ENOTFOUND www.googleapis.com. Error code: ENOTFOUND' })).toBe(false)
    expect(isInvalidCredential({ code: 'auth/argument-error', message: 'Error fetching public keys for Google certs: server error' })).toBe(false)
    expect(isInvalidCredential(new TypeError('fetch failed'))).toBe(false)
    expect(isInvalidCredential(undefined)).toBe(false)
  })
})

describe('verifying a Bearer credential', () => {
  let h: Harness
  let member: TestMember
  beforeAll(async () => {
    ;[h, member] = await Promise.all([createHarness(), createTestMember()])
  })
  afterAll(() => h?.close())

  it('answers 401 for credentials that are not valid', async () => {
    const now = Math.floor(Date.now() / 1000)
    const claims = { iss: `https://securetoken.google.com/${projectId()}`, aud: projectId(), sub: member.uid, user_id: member.uid, auth_time: now - 7200 }
    const expired = emulatorToken({ ...claims, iat: now - 7200, exp: now - 3600 })
    const foreignProject = emulatorToken({ ...claims, aud: 'another-project', iat: now, exp: now + 3600 })
    const unknownUser = emulatorToken({ ...claims, sub: 'no-such-user', user_id: 'no-such-user', iat: now, exp: now + 3600 })
    for (const token of ['garbage', `${member.idToken}x`, expired, foreignProject, unknownUser]) {
      expectError(await call(h.app, 'GET', API_MEMBER_PATH, { token }), 'UNAUTHENTICATED', 401)
    }
    expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: member.bearer }), MemberSummarySchema)
  })

  describe('when Firebase Authentication cannot be reached', () => {
    let app: App
    let down: Harness
    const lines: string[] = []
    beforeAll(async () => {
      // An Auth instance bound to an address where nothing listens (firebase-admin reads the
      // emulator address when the instance is made).
      const live = process.env.FIREBASE_AUTH_EMULATOR_HOST
      app = initializeApp({ projectId: projectId() }, `identity-outage-${crypto.randomUUID()}`)
      process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${await closedPort()}`
      let auth
      try {
        auth = getAuth(app)
      } finally {
        process.env.FIREBASE_AUTH_EMULATOR_HOST = live
      }
      down = await createHarness({
        database: h.database,
        identity: firebaseIdentity(projectId(), auth),
        logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      })
    })
    afterAll(() => deleteApp(app))

    it('answers 500 with the request id and logs the failure, instead of signing the member out', async () => {
      const result = await call(down.app, 'GET', API_MEMBER_PATH, { token: member.bearer })
      const error = expectError(result, 'INTERNAL', 500)
      const requestId = /request ([0-9a-f-]{36})/.exec(error.message)?.[1]
      expect(requestId).toBeDefined()
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string; err?: { type?: string; stack?: string } })
      const entry = logged.find((l) => l.msg === 'unhandled error')
      expect(entry).toMatchObject({ requestId, err: { type: 'IdentityUnavailableError' } })
      expect(entry?.err?.stack).toMatch(/ECONNREFUSED/)
      // The credential itself must not reach the log.
      expect(lines.join('')).not.toContain(member.idToken)
    })

    it('still answers 401 for a credential that is refused before Firebase is asked', async () => {
      expectError(await call(down.app, 'GET', API_MEMBER_PATH, { token: 'garbage' }), 'UNAUTHENTICATED', 401)
    })
  })
})
