// Every row of the catalogue (spec section 8), from an upstream answer to the effect the member gets.
import * as v from 'valibot'
import { RECENT_SIGN_IN_SECONDS } from '#contract/auth'
import { describe, expect, it } from 'vitest'
import { ADDRESS_PATH, DOWNLOAD_PROFILE_PDF_PATH, EMAIL_OTP_VERIFY_PATH, MEMBER_INFO_PATH, PUBLIC_REVIEWS_PATH, REFERRAL_CODE_CHECK_PATH } from '#contract/paths'
import type { VerifiedMember } from '~/auth/member.server'
import { effectOf } from './error-catalogue'
import { callSuite } from './suite-client.server'

const member: VerifiedMember = { uid: 'u1', email: 'm@example.com', emailVerified: true, displayName: 'M', phoneVerified: false, credential: 'session-cookie-value' }
const schema = v.strictObject({ balance: v.number() })

function answering(status: number, body: unknown) {
  const seen: Array<{ url: string; headers: Record<string, string> }> = []
  const fetchImpl = (async (url: URL, init: RequestInit) => {
    seen.push({ url: String(url), headers: init.headers as Record<string, string> })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof fetch
  return { fetchImpl, seen }
}

async function effectFor(status: number, body: unknown, path = MEMBER_INFO_PATH) {
  const { fetchImpl } = answering(status, body)
  const result = await callSuite({ path, schema, member, fetchImpl, baseUrl: 'http://suite.test' })
  if (result.ok) throw new Error('expected a failure')
  return effectOf(result.failure)
}

describe('the error catalogue', () => {
  it('body status NOT_FOUND → redirect to /{locale}/404', async () => {
    expect(await effectFor(404, { status: 'NOT_FOUND', message: 'No such participation' })).toEqual({ kind: 'redirect-locale-404' })
  })

  it('HTTP 400 and 409 → confirm dialog with the server message', async () => {
    expect(await effectFor(409, { status: 'CONFLICT', message: 'You already applied to this campaign' })).toEqual({ kind: 'dialog', message: 'You already applied to this campaign' })
    expect(await effectFor(400, { status: 'BAD_REQUEST', message: 'Check the form', fields: { city: ['is required'] } })).toEqual({ kind: 'dialog', message: 'Check the form' })
  })

  it('HTTP 400 without a readable message → dialog with the default message', async () => {
    expect(await effectFor(400, '<html>bad</html>')).toEqual({ kind: 'dialog', message: null })
  })

  it('HTTP 401 → session expired', async () => {
    expect(await effectFor(401, { status: 'UNAUTHENTICATED', message: 'Sign in again' })).toEqual({ kind: 'session-expired' })
  })

  it('body status REAUTH_REQUIRED (HTTP 401) → no global effect, the session goes on: the page asks for the password', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ status: 'REAUTH_REQUIRED', message: 'Sign in again' }), {
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="insufficient_user_authentication", max_age=120' },
      })) as unknown as typeof fetch
    const result = await callSuite({ path: MEMBER_INFO_PATH, method: 'PATCH', schema, member, fetchImpl, baseUrl: 'http://suite.test' })
    expect(result).toEqual({ ok: false, failure: { kind: 'reauth-required', path: MEMBER_INFO_PATH, maxAgeSeconds: 120 } })
    if (!result.ok) expect(effectOf(result.failure)).toEqual({ kind: 'none' })
    // Without the challenge header, the contract's recent sign-in.
    const { fetchImpl: bare } = answering(401, { status: 'REAUTH_REQUIRED', message: 'Sign in again' })
    expect(await callSuite({ path: MEMBER_INFO_PATH, schema, member, fetchImpl: bare, baseUrl: 'http://suite.test' })).toEqual({ ok: false, failure: { kind: 'reauth-required', path: MEMBER_INFO_PATH, maxAgeSeconds: RECENT_SIGN_IN_SECONDS } })
  })

  it('HTTP 403, or 404 without a NOT_FOUND body → /404', async () => {
    expect(await effectFor(403, { status: 'FORBIDDEN', message: 'no' })).toEqual({ kind: 'redirect-404' })
    expect(await effectFor(404, 'Not Found')).toEqual({ kind: 'redirect-404' })
  })

  it('5xx, 429, an answer off its schema, a timeout, no network → generic dialog', async () => {
    expect(await effectFor(500, { status: 'INTERNAL', message: 'x' })).toEqual({ kind: 'generic-dialog' })
    expect(await effectFor(429, { status: 'RATE_LIMITED', message: 'slow down' })).toEqual({ kind: 'generic-dialog' })
    expect(await effectFor(200, { status: 'OK', data: { balance: 'lots' } })).toEqual({ kind: 'generic-dialog' })
    const slow = (async (_url: URL, init: RequestInit) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as unknown as typeof fetch
    const timedOut = await callSuite({ path: MEMBER_INFO_PATH, schema, member, fetchImpl: slow, baseUrl: 'http://suite.test', timeoutMs: 20 })
    expect(timedOut).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'timeout' } })
    const offline = (async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof fetch
    const network = await callSuite({ path: MEMBER_INFO_PATH, schema, member, fetchImpl: offline, baseUrl: 'http://suite.test' })
    expect(network).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'network' } })
    if (!network.ok) expect(effectOf(network.failure)).toEqual({ kind: 'generic-dialog' })
  })

  it('validate, one-time-code and referral-code calls → no global effect', async () => {
    expect(await effectFor(400, { status: 'BAD_REQUEST', message: 'Wrong code' }, EMAIL_OTP_VERIFY_PATH)).toEqual({ kind: 'none' })
    expect(await effectFor(500, { status: 'INTERNAL', message: 'x' }, REFERRAL_CODE_CHECK_PATH)).toEqual({ kind: 'none' })
  })
})

describe('the upstream client', () => {
  it('sends the member credential as Bearer on member paths only, and returns the checked data', async () => {
    const { fetchImpl, seen } = answering(200, { status: 'OK', data: { balance: 120 } })
    expect(await callSuite({ path: ADDRESS_PATH, schema, member, fetchImpl, baseUrl: 'http://suite.test' })).toEqual({ ok: true, data: { balance: 120 } })
    await callSuite({ path: PUBLIC_REVIEWS_PATH, schema, member, fetchImpl, baseUrl: 'http://suite.test' })
    expect(seen[0]?.headers.authorization).toBe('Bearer session-cookie-value')
    expect(seen[1]?.headers.authorization).toBeUndefined()
  })

  it('does not call a member path without a member', async () => {
    const { fetchImpl, seen } = answering(200, { status: 'OK', data: { balance: 1 } })
    const result = await callSuite({ path: ADDRESS_PATH, schema, member: null, fetchImpl, baseUrl: 'http://suite.test' })
    expect(result).toEqual({ ok: false, failure: { kind: 'unauthenticated', path: ADDRESS_PATH } })
    expect(seen).toHaveLength(0)
  })

  it('passes a PDF on as base64 only when it is one; its failures go through the catalogue as JSON', async () => {
    const pdf = (body: BodyInit, type: string, status = 200) => (async () => new Response(body, { status, headers: { 'content-type': type } })) as unknown as typeof fetch
    const call = (fetchImpl: typeof fetch) => callSuite({ path: DOWNLOAD_PROFILE_PDF_PATH, schema: v.string(), member, accept: 'pdf', fetchImpl, baseUrl: 'http://suite.test' })
    const file = Buffer.from('%PDF-1.7\nthe member data')
    expect(await call(pdf(file, 'application/pdf'))).toEqual({ ok: true, data: file.toString('base64') })
    expect(await call(pdf('<html>oops</html>', 'application/pdf'))).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'bad-response' } })
    expect(await call(pdf(file, 'text/html'))).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'bad-response' } })
    expect(await call(pdf(JSON.stringify({ status: 'UNAUTHENTICATED', message: 'no' }), 'application/json', 401))).toEqual({ ok: false, failure: { kind: 'unauthenticated', path: DOWNLOAD_PROFILE_PDF_PATH } })
  })
})
