import { Agent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import * as v from 'valibot'
import { RECENT_SIGN_IN_SECONDS } from '#contract/auth'
import { BOT_TOKEN_HEADER, type BotAction } from '#contract/bot-protection'
import { ERROR_CODES, type FieldErrors } from '#contract/envelope'
import { RefusalSchema, type Refusal } from '#contract/refusals'
import type { BodyInput, DataOutput, Endpoint, ParamsInput, PathParams, QueryInput } from '#contract/endpoints'
import { fillPath } from '#contract/paths'
import type { VerifiedMember } from '~/auth/member.server'
import { STAFF_USER_AGENT_HEADER } from '#contract/staff'
import { SECOND_FACTOR_PASS_HEADER } from '#contract/second-factor'
import { DEVICE_HEADER } from '#contract/sightings'
import { portalConfig } from '~/config/config.server'
import { portalTracing } from '~/observability/tracing-hooks'
import { breakerFor } from './circuit-breaker'
import { callBudgetMs, markRenderDegraded } from './render-deadline.server'
import type { UpstreamFailure, UpstreamResult } from './upstream-result'

/** Where TanStack Start serves server functions (its default base path). */
const SERVER_FN_BASE = '/_serverFn/'

/** How long the portal waits for the member API before giving up on a call. */
export const SUITE_TIMEOUT_MS = 10_000

type NoInput = { [key: string]: never }
/** Query values as the portal holds them: numbers are sent as their decimal text. */
type QueryArg<E extends Endpoint> = { [K in keyof QueryInput<E>]?: QueryInput<E>[K] | number }

/** What a call carries besides the entry: each part typed by the entry's schemas and path. */
export type CallOptions<E extends Endpoint> = {
  /** The verified member whose credential is sent on endpoints that take one. */
  member?: VerifiedMember | null
  /** The browser's address, as this server saw it (the member API trusts it only behind us). */
  clientIp?: string
  /** The browser's user agent: staff calls forward it for the audit entry. */
  userAgent?: string
  /**
   * The browser's device id (auth/device.server.ts), given only with the calls the member API
   * records devices at (sign-up and application): every other call has no use for it, and an
   * identifier sent nowhere cannot be logged or kept anywhere else.
   */
  deviceId?: string
  /** For tests: the fetch and base address to use. */
  fetchImpl?: typeof fetch
  baseUrl?: string
  timeoutMs?: number
} & (E['bot'] extends BotAction
  ? {
      /** The browser's token for the entry's action (an empty one is not sent, and the member API refuses the call). */
      botToken: string
    }
  : { botToken?: undefined }) &
  ([PathParams<E['path']>] extends [never] ? { params?: NoInput } : { params: ParamsInput<E> }) &
  (E['body'] extends v.GenericSchema ? { body: BodyInput<E> } : { body?: undefined }) &
  (E['upload'] extends 'image' | 'csv' ? { /** The file's bytes, sent as they are. */ upload: Uint8Array } : { upload?: undefined }) &
  (E['query'] extends v.GenericSchema ? { query?: QueryArg<E> } : { query?: NoInput })

/** The options may be left out when the entry needs none of them (no parameters, no body). */
type CallArgs<E extends Endpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]

/** The data of an OK answer: parsed by the entry's schema, or a file's bytes as base64 (they cross the server-function boundary as JSON). */
export type CallData<E extends Endpoint> = E['data'] extends v.GenericSchema ? DataOutput<E> : string

/** What the client needs of an answer: its status, one header at a time, and the body's bytes. */
type Answer = { status: number; ok: boolean; header: (name: string) => string | null; bytes: () => Promise<Buffer> }
type Outgoing = { method: string; headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> | undefined; timeoutMs: number }

/**
 * Connections to the member API are kept open and reused: a page render makes several calls, and
 * opening a connection (or going through fetch's web streams) for each cost more than the call.
 */
const agents = { http: new Agent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) }

/** One call over node:http with the keep-alive agent; the deadline covers the whole answer. */
function send(url: URL, outgoing: Outgoing): Promise<Answer> {
  const started = Date.now()
  return sendOnce(url, outgoing).catch((error: unknown) => {
    // A connection kept open can be closed by the member API (its idle timeout) just as a call
    // takes it: the call fails before anything was answered (ECONNRESET on a reused socket; Node
    // issue 47130). A read is sent once more on a fresh connection, within what is left of its
    // deadline; a change is not, as the member API may have received it.
    if (!(error instanceof StaleConnection)) throw error
    if (outgoing.method !== 'GET' && outgoing.method !== 'HEAD') throw error.cause
    return sendOnce(url, { ...outgoing, timeoutMs: Math.max(1, outgoing.timeoutMs - (Date.now() - started)) }, { fresh: true })
  })
}

/** A call that failed on a kept-open connection the member API had closed, before any answer. */
class StaleConnection extends Error {}

function sendOnce(url: URL, outgoing: Outgoing, { fresh = false } = {}): Promise<Answer> {
  const secure = url.protocol === 'https:'
  return new Promise((resolve, reject) => {
    const headers = outgoing.body === undefined ? outgoing.headers : { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) }
    // A fresh connection of its own (no agent): the kept-open ones may be closing together.
    const req = (secure ? httpsRequest : httpRequest)(url, {
      method: outgoing.method,
      headers,
      agent: fresh ? false : secure ? agents.https : agents.http,
    })
    // Past the deadline every failure that follows (the request's, or the body's) reads as a timeout.
    let timeout: Error | null = null
    const timer = setTimeout(() => {
      timeout = Object.assign(new Error('The member API did not answer in time'), { name: 'TimeoutError' })
      req.destroy(timeout)
    }, outgoing.timeoutMs)
    req.once('error', (error) => {
      clearTimeout(timer)
      if (!timeout && req.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') reject(new StaleConnection(error.message, { cause: error }))
      else reject(timeout ?? error)
    })
    req.once('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      const body = new Promise<Buffer>((done, fail) => {
        res.once('end', () => {
          clearTimeout(timer)
          done(Buffer.concat(chunks))
        })
        res.once('error', (error) => {
          clearTimeout(timer)
          fail(timeout ?? error)
        })
      })
      // A failed body read surfaces where the body is read; never as an unhandled rejection.
      body.catch(() => undefined)
      const status = res.statusCode ?? 0
      resolve({
        status,
        ok: status >= 200 && status < 300,
        header: (name) => {
          const value = res.headers[name.toLowerCase()]
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
        },
        bytes: () => body,
      })
    })
    if (outgoing.body !== undefined) req.end(outgoing.body)
    else req.end()
  })
}

/** The same call through a fetch function (tests hand one in). */
async function sendWithFetch(fetchImpl: typeof fetch, url: URL, outgoing: Outgoing): Promise<Answer> {
  const response = await fetchImpl(url, {
    method: outgoing.method,
    headers: outgoing.headers,
    body: outgoing.body,
    signal: AbortSignal.timeout(outgoing.timeoutMs),
  })
  return {
    status: response.status,
    ok: response.ok,
    header: (name) => response.headers.get(name),
    bytes: async () => Buffer.from(await response.arrayBuffer()),
  }
}

const ErrorBody = v.object({
  status: v.picklist(ERROR_CODES),
  message: v.optional(v.string()),
  fields: v.optional(v.record(v.string(), v.array(v.string()))),
  reason: v.optional(v.unknown()),
})
const OkBody = v.object({ status: v.literal('OK'), data: v.unknown() })

/** The max_age of an RFC 9470 step-up challenge (`WWW-Authenticate: Bearer error="insufficient_user_authentication", max_age=300`). */
function challengeMaxAge(header: string | null): number {
  const match = header ? /max_age="?(\d+)"?/.exec(header) : null
  return match ? Number(match[1]) : RECENT_SIGN_IN_SECONDS
}

function failureFor(path: string, httpStatus: number, body: unknown, challenge: string | null = null): UpstreamFailure {
  const error = v.safeParse(ErrorBody, body)
  if (error.success && error.output.status === 'NOT_FOUND') return { kind: 'not-found', path }
  // Before the 400 below: the member is told in the portal's words, not the server's.
  if (error.success && error.output.status === 'BOT_CHECK_FAILED') return { kind: 'bot-check-failed', path }
  // Before the 401 below: a change that needs a recent sign-in does not end the session.
  if (error.success && error.output.status === 'REAUTH_REQUIRED') return { kind: 'reauth-required', path, maxAgeSeconds: challengeMaxAge(challenge) }
  if (error.success && error.output.status === 'SECOND_FACTOR_REQUIRED') return { kind: 'second-factor-required', path }
  const message = error.success ? (error.output.message ?? null) : null
  const fields: FieldErrors | null = error.success ? (error.output.fields ?? null) : null
  // A reason this portal does not know (a newer member API) is no reason: the refusal is shown as any other.
  const reason = error.success ? v.safeParse(RefusalSchema, error.output.reason) : null
  if (httpStatus === 400 || httpStatus === 409)
    return { kind: 'rejected', path, httpStatus, message, fields, ...(reason?.success && { reason: reason.output }) }
  if (httpStatus === 429 && reason?.success) return { kind: 'rejected', path, httpStatus, message, fields, reason: reason.output }
  if (httpStatus === 401) return { kind: 'unauthenticated', path }
  if (httpStatus === 403 || httpStatus === 404) return { kind: 'forbidden', path, httpStatus }
  return { kind: 'unavailable', path, reason: 'server', httpStatus, ...(reason?.success && { refusal: reason.output }) }
}

/**
 * A path parameter that would change the path once filled in: `.` and `..` stay as they are after
 * encoding, and a URL resolves them (`members/../balance` is `balance`), as an empty one leaves `//`.
 * Such a value names nothing, so the call ends as a not-found before anything is sent.
 */
function pathChangingParam(params: Record<string, string> | undefined): boolean {
  return Object.values(params ?? {}).some((value) => value === '.' || value === '..' || value === '')
}

const needsMember = (endpoint: Endpoint) => endpoint.auth !== 'none' && endpoint.auth !== 'optional'
/** The console's calls, staff's and brands': a refusal is the console's to explain (its dialogs). */
const consoleCall = (endpoint: Endpoint) => endpoint.auth === 'staff' || endpoint.auth === 'brand'

/** The address and headers of a call: the credential exactly when the entry takes one, and what the entry asks to forward. */
function outgoingRequest<E extends Endpoint>(endpoint: E, options: CallOptions<E>, path: string) {
  const url = new URL(`${options.baseUrl ?? portalConfig().suiteUrl}/${path}`)
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) if (value !== undefined) url.searchParams.set(key, String(value))
  const headers: Record<string, string> = { accept: endpoint.file ? `${endpoint.file}, application/json` : 'application/json' }
  if (endpoint.auth !== 'none' && options.member) {
    headers.authorization = `Bearer ${options.member.credential}`
    // The session's second-factor pass goes with its credential: staff and brand calls need it.
    if (options.member.secondFactorPass) headers[SECOND_FACTOR_PASS_HEADER] = options.member.secondFactorPass
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.upload !== undefined) headers['content-type'] = 'application/octet-stream'
  if (options.clientIp) headers['x-forwarded-for'] = options.clientIp
  if (options.deviceId) headers[DEVICE_HEADER] = options.deviceId
  // Given for the calls that write an audit entry (the console's, and joining a brand).
  if (options.userAgent) headers[STAFF_USER_AGENT_HEADER] = options.userAgent
  if (endpoint.bot && options.botToken) headers[BOT_TOKEN_HEADER] = options.botToken
  return { url, headers }
}

/** An export's file as it arrives, or why there is none. */
export type StreamedFile = { ok: true; body: ReadableStream<Uint8Array> } | { ok: false; failure: UpstreamFailure }

/**
 * A file answer passed on as the member API writes it, so an export of any size is never held whole
 * here: the same credential and headers as callEndpoint. The answer must start within `timeoutMs`;
 * its body then flows for as long as it takes. A refusal comes back as the failure callEndpoint
 * would give.
 */
export async function streamFile<E extends Endpoint & { file: NonNullable<Endpoint['file']>; method: 'GET' }>(
  endpoint: E,
  options: CallOptions<E>,
  timeoutMs = SUITE_TIMEOUT_MS,
): Promise<StreamedFile> {
  if (pathChangingParam(options.params as Record<string, string> | undefined)) return { ok: false, failure: { kind: 'not-found', path: endpoint.path } }
  const path = fillPath(endpoint.path, (options.params ?? {}) as Record<string, string>)
  if (needsMember(endpoint) && !options.member) return { ok: false, failure: { kind: 'unauthenticated', path } }
  const { url, headers } = outgoingRequest(endpoint, options, path)
  const started = new AbortController()
  const timer = setTimeout(() => started.abort(), timeoutMs)
  let response: Response
  const request = () => (options.fetchImpl ?? fetch)(url, { headers, signal: started.signal })
  // With traces on, the file's call (until its answer starts) is a span of the trace and carries it on.
  const tracing = portalTracing()
  try {
    response = await (tracing
      ? tracing.upstreamCall({ method: endpoint.method, route: endpoint.path, url }, headers, request, (answer) => answer.status)
      : request())
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return { ok: false, failure: { kind: 'unavailable', path, reason: timedOut ? 'timeout' : 'network', httpStatus: null } }
  } finally {
    clearTimeout(timer)
  }
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith(endpoint.file) && response.body) return { ok: true, body: response.body }
  const body: unknown = await response.json().catch(() => null)
  if (response.ok) return { ok: false, failure: { kind: 'unavailable', path, reason: 'bad-response', httpStatus: response.status } }
  return { ok: false, failure: failureFor(path, response.status, body, response.headers.get('www-authenticate')) }
}

/**
 * The one way the portal calls the member API: an entry of the contract's endpoint table, its
 * credential sent exactly when the entry takes one, a deadline, and every answer checked against
 * the entry's schema (a file against its media type). Never throws. Without a verified member an
 * endpoint that needs one fails with 401 at once, and when the call was a browser's call to a
 * server function, the member API's 401 becomes that response's 401.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<UpstreamResult<CallData<E>>> {
  const result = await call(endpoint, options ?? ({} as CallOptions<E>))
  if (!result.ok && result.failure.kind === 'unauthenticated' && endpoint.auth !== 'none') {
    const { getRequest, setResponseStatus } = await import('@tanstack/react-start/server')
    let request: Request | null = null
    try {
      request = getRequest()
    } catch {
      // Called outside a request (a test, a script): there is no response whose status to set.
    }
    // Only on a browser's call to a server function: during server rendering the request is the
    // page's, whose status (a redirect to login, say) must stay its own.
    if (request && new URL(request.url).pathname.startsWith(SERVER_FN_BASE)) setResponseStatus(401)
  }
  return result
}

/** A failure as the pages read it: marked with how the endpoint's entry says its refusals are shown. */
function failureOf(endpoint: Endpoint, failure: UpstreamFailure): { ok: false; failure: UpstreamFailure } {
  if (failure.kind === 'unavailable') markRenderDegraded()
  return {
    ok: false,
    failure: {
      ...failure,
      ...(endpoint.silent && { silent: true as const }),
      ...(endpoint.refusalsInline && { refusalsInline: true as const }),
      ...(consoleCall(endpoint) && { staff: true as const }),
    },
  }
}

/**
 * A refusal the portal gives for the member API, without calling it, where sending would be
 * pointless (a file over the entry's size limit): the same failure the member API's own 400 would
 * give, with its field errors and reason, so the page cannot tell the two apart.
 */
export function refusedBeforeSending<E extends Endpoint>(
  endpoint: E,
  refusal: { fields: FieldErrors; reason: Refusal; params?: Record<string, string> },
): UpstreamResult<CallData<E>> {
  const path = fillPath(endpoint.path, refusal.params ?? {})
  return failureOf(endpoint, { kind: 'rejected', path, httpStatus: 400, message: null, fields: refusal.fields, reason: refusal.reason })
}

async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<UpstreamResult<CallData<E>>> {
  const fail = (failure: UpstreamFailure): UpstreamResult<CallData<E>> => failureOf(endpoint, failure)
  if (pathChangingParam(options.params as Record<string, string> | undefined)) return fail({ kind: 'not-found', path: endpoint.path })
  const path = fillPath(endpoint.path, (options.params ?? {}) as Record<string, string>)
  if (needsMember(endpoint) && !options.member) return fail({ kind: 'unauthenticated', path })
  const { url, headers } = outgoingRequest(endpoint, options, path)

  // A call of a page render waits no longer than the render's deadline (render-deadline.server.ts);
  // once it has passed, the call fails as a timeout without going out.
  const timeoutMs = callBudgetMs(options.timeoutMs ?? SUITE_TIMEOUT_MS)
  if (timeoutMs === 0) return fail({ kind: 'unavailable', path, reason: 'timeout', httpStatus: null })
  const payload = options.upload !== undefined ? new Uint8Array(options.upload) : options.body === undefined ? undefined : JSON.stringify(options.body)
  const outgoing: Outgoing = { method: endpoint.method, headers, body: payload, timeoutMs }
  // While the member API is not answering, calls fail at once (circuit-breaker.ts).
  const breaker = breakerFor(url.origin)
  if (!breaker.allow()) return fail({ kind: 'unavailable', path, reason: 'circuit-open', httpStatus: null })
  let response: Answer
  let bytes: Buffer
  const exchange = async () => {
    const answer = await (options.fetchImpl ? sendWithFetch(options.fetchImpl, url, outgoing) : send(url, outgoing))
    return { answer, bytes: await answer.bytes() }
  }
  // With traces on, the call is a span of the render's trace and carries it on (`traceparent`).
  const tracing = portalTracing()
  try {
    ;({ answer: response, bytes } = await (tracing
      ? tracing.upstreamCall({ method: endpoint.method, route: endpoint.path, url }, headers, exchange, (done) => done.answer.status)
      : exchange()))
  } catch (error) {
    breaker.failed()
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return fail({ kind: 'unavailable', path, reason: timedOut ? 'timeout' : 'network', httpStatus: null })
  }
  breaker.answered()

  // A 200 that does not match the contract is a failure to report, not data to trust.
  const badResponse = () => fail({ kind: 'unavailable', path, reason: 'bad-response', httpStatus: response.status })
  if (endpoint.file && response.ok) {
    return isFile(endpoint.file, response, bytes) ? { ok: true, data: bytes.toString('base64') as CallData<E> } : badResponse()
  }

  let body: unknown = null
  try {
    body = JSON.parse(bytes.toString('utf8'))
  } catch {
    body = null
  }
  if (!response.ok) return fail(failureFor(path, response.status, body, response.header('www-authenticate')))

  const ok = v.safeParse(OkBody, body)
  const data = ok.success && endpoint.data ? v.safeParse(endpoint.data, ok.output.data) : null
  if (!data?.success) return badResponse()
  return { ok: true, data: data.output as CallData<E> }
}

/** A file answer is what the entry says: its media type, and for a PDF the file's signature. */
function isFile(mediaType: NonNullable<Endpoint['file']>, response: Answer, bytes: Buffer): boolean {
  if (!(response.header('content-type') ?? '').startsWith(mediaType)) return false
  return mediaType !== 'application/pdf' || bytes.subarray(0, 5).toString('latin1') === '%PDF-'
}
