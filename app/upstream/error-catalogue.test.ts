// Every row of the catalogue, from an upstream answer to the effect the member gets.
import * as v from 'valibot'
import { RECENT_SIGN_IN_SECONDS } from '#contract/auth'
import { SECOND_FACTOR_PASS_HEADER } from '#contract/second-factor'
import { describe, expect, it } from 'vitest'
import type { Endpoint } from '#contract/endpoints'
import { effectOf } from './error-catalogue'
import { callEndpoint } from './suite-client.server'
import { balanceSchema, testMember } from './test-entries'

const member = testMember
const schema = balanceSchema
const baseUrl = 'http://suite.test'
// Entries of the shape the endpoint table holds, answered by the stand-in fetch below.
const memberRead = { method: 'GET', path: 'members/balance', auth: 'member', data: schema } as const satisfies Endpoint
const memberChange = { method: 'PATCH', path: 'members/balance', auth: 'member', body: v.strictObject({}), data: schema } as const satisfies Endpoint
const publicRead = { method: 'GET', path: 'public/balance', auth: 'none', data: schema } as const satisfies Endpoint
const silentCheck = {
  method: 'POST',
  path: 'members/code/verify',
  auth: 'member',
  body: v.strictObject({}),
  data: schema,
  silent: true,
} as const satisfies Endpoint
const memberPdf = { method: 'GET', path: 'members/pdf', auth: 'member', data: null, file: 'application/pdf' } as const satisfies Endpoint
const protectedChange = {
  method: 'POST',
  path: 'members/apply',
  auth: 'member',
  body: v.strictObject({}),
  data: schema,
  bot: 'campaign_signup',
} as const satisfies Endpoint
const protectedSilent = { ...protectedChange, path: 'members/code/send', bot: 'otp_send', silent: true } as const satisfies Endpoint

function answering(status: number, body: unknown) {
  const seen: Array<{ url: string; headers: Record<string, string> }> = []
  const fetchImpl = (async (url: URL, init: RequestInit) => {
    seen.push({ url: String(url), headers: init.headers as Record<string, string> })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof fetch
  return { fetchImpl, seen }
}

async function effectFor(status: number, body: unknown, endpoint: 'read' | 'silent' = 'read') {
  const { fetchImpl } = answering(status, body)
  const result =
    endpoint === 'read'
      ? await callEndpoint(memberRead, { member, fetchImpl, baseUrl })
      : await callEndpoint(silentCheck, { member, fetchImpl, baseUrl, body: {} })
  if (result.ok) throw new Error('expected a failure')
  return effectOf(result.failure)
}

describe('the error catalogue', () => {
  it('body status NOT_FOUND → redirect to /{locale}/404', async () => {
    expect(await effectFor(404, { status: 'NOT_FOUND', message: 'No such participation' })).toEqual({ kind: 'redirect-locale-404' })
  })

  it('HTTP 400 and 409 → confirm dialog with the server message', async () => {
    expect(await effectFor(409, { status: 'CONFLICT', message: 'You already applied to this campaign' })).toEqual({
      kind: 'dialog',
      message: 'You already applied to this campaign',
    })
    expect(await effectFor(400, { status: 'BAD_REQUEST', message: 'Check the form', fields: { city: ['is required'] } })).toEqual({
      kind: 'dialog',
      message: 'Check the form',
    })
  })

  it('HTTP 409 with the reason "suspended" → the dialog with the portal’s own sentence', async () => {
    expect(
      await effectFor(409, {
        status: 'CONFLICT',
        message: 'Your account is suspended: you cannot do this until it is lifted',
        reason: { code: 'suspended', until: null },
      }),
    ).toEqual({ kind: 'suspended-dialog' })
  })

  it('HTTP 409 with the reason "linked-applicants" → nothing: the applicants page asks to confirm in a dialog of its own', async () => {
    expect(
      await effectFor(409, {
        status: 'CONFLICT',
        message: '1 of those chosen is linked to other accounts: confirm to select them anyway',
        reason: { code: 'linked-applicants', applicants: [{ participationId: 'p1', kinds: ['address'], inThisCampaign: true }] },
      }),
    ).toEqual({ kind: 'none' })
  })

  it('body status BOT_CHECK_FAILED (HTTP 400) → the dialog with the portal’s own sentence; inline where the call is silent', async () => {
    const refused = { status: 'BOT_CHECK_FAILED', message: 'We could not confirm that this request comes from a person' }
    const { fetchImpl } = answering(400, refused)
    const result = await callEndpoint(protectedChange, { member, fetchImpl, baseUrl, body: {}, botToken: 'token' })
    expect(result).toEqual({ ok: false, failure: { kind: 'bot-check-failed', path: protectedChange.path } })
    if (!result.ok) expect(effectOf(result.failure)).toEqual({ kind: 'bot-check-dialog' })
    const silent = await callEndpoint(protectedSilent, { member, fetchImpl: answering(400, refused).fetchImpl, baseUrl, body: {}, botToken: 'token' })
    expect(silent).toEqual({ ok: false, failure: { kind: 'bot-check-failed', path: protectedSilent.path, silent: true } })
    if (!silent.ok) expect(effectOf(silent.failure)).toEqual({ kind: 'none' })
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
    const result = await callEndpoint(memberChange, { member, fetchImpl, baseUrl, body: {} })
    expect(result).toEqual({ ok: false, failure: { kind: 'reauth-required', path: memberChange.path, maxAgeSeconds: 120 } })
    if (!result.ok) expect(effectOf(result.failure)).toEqual({ kind: 'none' })
    // Without the challenge header, the contract's recent sign-in.
    const { fetchImpl: bare } = answering(401, { status: 'REAUTH_REQUIRED', message: 'Sign in again' })
    expect(await callEndpoint(memberRead, { member, fetchImpl: bare, baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'reauth-required', path: memberRead.path, maxAgeSeconds: RECENT_SIGN_IN_SECONDS },
    })
  })

  it('body status SECOND_FACTOR_REQUIRED (HTTP 403) → to the two-step page and back, and the pass goes with every call', async () => {
    expect(await effectFor(403, { status: 'SECOND_FACTOR_REQUIRED', message: 'Pass your second factor' })).toEqual({ kind: 'second-factor' })
    const { fetchImpl, seen } = answering(200, { status: 'OK', data: { balance: 1 } })
    await callEndpoint(memberRead, { member: { ...member, secondFactorPass: 'the-pass' }, fetchImpl, baseUrl })
    await callEndpoint(memberRead, { member: { ...member, secondFactorPass: null }, fetchImpl, baseUrl })
    expect(seen.map((call) => call.headers[SECOND_FACTOR_PASS_HEADER])).toEqual(['the-pass', undefined])
  })

  it('HTTP 403, or 404 without a NOT_FOUND body → /404', async () => {
    expect(await effectFor(403, { status: 'FORBIDDEN', message: 'no' })).toEqual({ kind: 'redirect-404' })
    expect(await effectFor(404, 'Not Found')).toEqual({ kind: 'redirect-404' })
  })

  it('a staff call refused with 403 (the roles do not, or no longer, allow it) → the dialog saying so, never /404; a staff call of something gone opens a dialog', async () => {
    const staffRead = { method: 'GET', path: 'ops/balance', auth: 'staff', capability: 'reviews:moderate', data: schema } as const satisfies Endpoint
    const refused = await callEndpoint(staffRead, { member, fetchImpl: answering(403, { status: 'FORBIDDEN', message: 'no' }).fetchImpl, baseUrl })
    expect(!refused.ok && effectOf(refused.failure)).toEqual({ kind: 'staff-forbidden-dialog' })
    const missing = await callEndpoint(staffRead, {
      member,
      fetchImpl: answering(404, { status: 'NOT_FOUND', message: 'Review not found' }).fetchImpl,
      baseUrl,
    })
    // A console action on something gone meanwhile: the dialog, not the 404 page (a console page of it still redirects: load-page-data.ts).
    expect(!missing.ok && effectOf(missing.failure)).toEqual({ kind: 'staff-gone-dialog' })
  })

  it('5xx, 429, an answer off its schema, a timeout, no network → generic dialog', async () => {
    expect(await effectFor(500, { status: 'INTERNAL', message: 'x' })).toEqual({ kind: 'generic-dialog' })
    expect(await effectFor(429, { status: 'RATE_LIMITED', message: 'slow down' })).toEqual({ kind: 'generic-dialog' })
    expect(await effectFor(200, { status: 'OK', data: { balance: 'lots' } })).toEqual({ kind: 'generic-dialog' })
    const slow = (async (_url: URL, init: RequestInit) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as unknown as typeof fetch
    const timedOut = await callEndpoint(memberRead, { member, fetchImpl: slow, baseUrl, timeoutMs: 20 })
    expect(timedOut).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'timeout' } })
    const offline = (async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof fetch
    const network = await callEndpoint(memberRead, { member, fetchImpl: offline, baseUrl })
    expect(network).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'network' } })
    if (!network.ok) expect(effectOf(network.failure)).toEqual({ kind: 'generic-dialog' })
  })

  it('a console form whose refusals are shown beside its fields → no dialog for a 400 or 409, the catalogue for the rest', async () => {
    const consoleSave = {
      method: 'PUT',
      path: 'ops/campaign',
      auth: 'staff',
      capability: 'campaigns:edit',
      body: v.strictObject({}),
      data: schema,
      refusalsInline: true,
    } as const satisfies Endpoint
    const effect = async (status: number, body: unknown) => {
      const result = await callEndpoint(consoleSave, { member, fetchImpl: answering(status, body).fetchImpl, baseUrl, body: {} })
      if (result.ok) throw new Error('expected a failure')
      return effectOf(result.failure)
    }
    expect(await effect(400, { status: 'BAD_REQUEST', message: 'Some fields are not valid', fields: { slug: ['is used'] } })).toEqual({ kind: 'none' })
    expect(await effect(409, { status: 'CONFLICT', message: 'Changed by Col at …' })).toEqual({ kind: 'none' })
    expect(await effect(403, { status: 'FORBIDDEN', message: 'no' })).toEqual({ kind: 'staff-forbidden-dialog' })
    expect(await effect(500, { status: 'INTERNAL', message: 'x' })).toEqual({ kind: 'generic-dialog' })
  })

  it('calls whose entry is silent (validation, one-time and referral codes) → no global effect', async () => {
    expect(await effectFor(400, { status: 'BAD_REQUEST', message: 'Wrong code' }, 'silent')).toEqual({ kind: 'none' })
    expect(await effectFor(500, { status: 'INTERNAL', message: 'x' }, 'silent')).toEqual({ kind: 'none' })
  })
})

describe('the upstream client', () => {
  it('sends the member credential as Bearer only to endpoints that take one, and returns the checked data', async () => {
    const { fetchImpl, seen } = answering(200, { status: 'OK', data: { balance: 120 } })
    expect(await callEndpoint(memberRead, { member, fetchImpl, baseUrl })).toEqual({ ok: true, data: { balance: 120 } })
    await callEndpoint(publicRead, { member, fetchImpl, baseUrl })
    expect(seen[0]?.headers.authorization).toBe('Bearer session-cookie-value')
    expect(seen[1]?.headers.authorization).toBeUndefined()
  })

  it('sends the bot-check token of a protected entry in its header, and none when the browser got none', async () => {
    const { fetchImpl, seen } = answering(200, { status: 'OK', data: { balance: 1 } })
    await callEndpoint(protectedChange, { member, fetchImpl, baseUrl, body: {}, botToken: 'a-token' })
    await callEndpoint(protectedChange, { member, fetchImpl, baseUrl, body: {}, botToken: '' })
    expect(seen[0]?.headers['x-bot-token']).toBe('a-token')
    expect(seen[1]?.headers['x-bot-token']).toBeUndefined()
  })

  it('does not call a member endpoint without a member', async () => {
    const { fetchImpl, seen } = answering(200, { status: 'OK', data: { balance: 1 } })
    const result = await callEndpoint(memberRead, { member: null, fetchImpl, baseUrl })
    expect(result).toEqual({ ok: false, failure: { kind: 'unauthenticated', path: memberRead.path } })
    expect(seen).toHaveLength(0)
  })

  it('passes a PDF on as base64 only when it is one; its failures go through the catalogue as JSON', async () => {
    const pdf = (body: BodyInit, type: string, status = 200) =>
      (async () => new Response(body, { status, headers: { 'content-type': type } })) as unknown as typeof fetch
    const call = (fetchImpl: typeof fetch) => callEndpoint(memberPdf, { member, fetchImpl, baseUrl })
    const file = Buffer.from('%PDF-1.7\nthe member data')
    expect(await call(pdf(file, 'application/pdf'))).toEqual({ ok: true, data: file.toString('base64') })
    expect(await call(pdf('<html>oops</html>', 'application/pdf'))).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'bad-response' } })
    expect(await call(pdf(file, 'text/html'))).toMatchObject({ ok: false, failure: { kind: 'unavailable', reason: 'bad-response' } })
    expect(await call(pdf(JSON.stringify({ status: 'UNAUTHENTICATED', message: 'no' }), 'application/json', 401))).toEqual({
      ok: false,
      failure: { kind: 'unauthenticated', path: memberPdf.path },
    })
  })
})
