import { Agent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import * as v from 'valibot'
import { RECENT_SIGN_IN_SECONDS } from '#contract/auth'
import { ERROR_CODES, type FieldErrors } from '#contract/envelope'
import { fillPath, requiresBearer, OPTIONAL_BEARER_PATHS } from '#contract/paths'
import type { VerifiedMember } from '~/auth/member.server'
import { portalConfig } from '~/config/config.server'
import type { UpstreamFailure, UpstreamResult } from './upstream-result'

/** Where TanStack Start serves server functions (its default base path). */
const SERVER_FN_BASE = '/_serverFn/'

/** How long the portal waits for the member API before giving up on a call. */
export const SUITE_TIMEOUT_MS = 10_000

export type SuiteRequest<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A path of contract/paths.ts, with `:params` filled from `params`. */
  path: string
  params?: Record<string, string>
  query?: Record<string, string | number | undefined>
  body?: unknown
  /** The schema of `data` in an OK answer (for `accept: 'pdf'`, of the file as base64). */
  schema: v.GenericSchema<unknown, T>
  /** 'pdf': an OK answer is a PDF file, passed on as base64; failures are JSON as usual. */
  accept?: 'json' | 'pdf'
  /** The verified member whose credential is forwarded on member paths. */
  member?: VerifiedMember | null
  /** The browser's address, as this server saw it (the member API trusts it only behind us). */
  clientIp?: string
  /** For tests: the fetch and base address to use. */
  fetchImpl?: typeof fetch
  baseUrl?: string
  timeoutMs?: number
}

/** What the client needs of an answer: its status, one header at a time, and the body's bytes. */
type Answer = { status: number; ok: boolean; header: (name: string) => string | null; bytes: () => Promise<Buffer> }
type Outgoing = { method: string; headers: Record<string, string>; body: string | undefined; timeoutMs: number }

/**
 * Connections to the member API are kept open and reused: a page render makes several calls, and
 * opening a connection (or going through fetch's web streams) for each cost more than the call.
 */
const agents = { http: new Agent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) }

/** One call over node:http with the keep-alive agent; the deadline covers the whole answer. */
function send(url: URL, outgoing: Outgoing): Promise<Answer> {
  const secure = url.protocol === 'https:'
  return new Promise((resolve, reject) => {
    const headers = outgoing.body === undefined ? outgoing.headers : { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) }
    const req = (secure ? httpsRequest : httpRequest)(url, { method: outgoing.method, headers, agent: secure ? agents.https : agents.http })
    // Past the deadline every failure that follows (the request's, or the body's) reads as a timeout.
    const timeout = Object.assign(new Error('The member API did not answer in time'), { name: 'TimeoutError' })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      req.destroy(timeout)
    }, outgoing.timeoutMs)
    req.once('error', (error) => {
      clearTimeout(timer)
      reject(timedOut ? timeout : error)
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
          fail(timedOut ? timeout : error)
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
  const response = await fetchImpl(url, { method: outgoing.method, headers: outgoing.headers, body: outgoing.body, signal: AbortSignal.timeout(outgoing.timeoutMs) })
  return { status: response.status, ok: response.ok, header: (name) => response.headers.get(name), bytes: async () => Buffer.from(await response.arrayBuffer()) }
}

const ErrorBody = v.object({ status: v.picklist(ERROR_CODES), message: v.optional(v.string()), fields: v.optional(v.record(v.string(), v.array(v.string()))) })
const OkBody = v.object({ status: v.literal('OK'), data: v.unknown() })

/** The max_age of an RFC 9470 step-up challenge (`WWW-Authenticate: Bearer error="insufficient_user_authentication", max_age=300`). */
function challengeMaxAge(header: string | null): number {
  const match = header ? /max_age="?(\d+)"?/.exec(header) : null
  return match ? Number(match[1]) : RECENT_SIGN_IN_SECONDS
}

function failureFor(path: string, httpStatus: number, body: unknown, challenge: string | null = null): UpstreamFailure {
  const error = v.safeParse(ErrorBody, body)
  if (error.success && error.output.status === 'NOT_FOUND') return { kind: 'not-found', path }
  // Before the 401 below: a change that needs a recent sign-in does not end the session.
  if (error.success && error.output.status === 'REAUTH_REQUIRED') return { kind: 'reauth-required', path, maxAgeSeconds: challengeMaxAge(challenge) }
  const message = error.success ? (error.output.message ?? null) : null
  const fields: FieldErrors | null = error.success ? (error.output.fields ?? null) : null
  if (httpStatus === 400 || httpStatus === 409) return { kind: 'rejected', path, httpStatus, message, fields }
  if (httpStatus === 401) return { kind: 'unauthenticated', path }
  if (httpStatus === 403 || httpStatus === 404) return { kind: 'forbidden', path, httpStatus }
  return { kind: 'unavailable', path, reason: 'server', httpStatus }
}

/**
 * The one way the portal calls the member API: Bearer credential exactly on member paths, a
 * timeout, and every answer checked against its contract schema. Never throws.
 */
export async function callSuite<T>(request: SuiteRequest<T>): Promise<UpstreamResult<T>> {
  const path = request.params ? fillPath(request.path, request.params) : request.path
  const needsBearer = requiresBearer(path)
  const mayBear = needsBearer || (OPTIONAL_BEARER_PATHS as readonly string[]).includes(path)
  if (needsBearer && !request.member) return { ok: false, failure: { kind: 'unauthenticated', path } }

  const url = new URL(`${request.baseUrl ?? portalConfig().suiteUrl}/${path}`)
  for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value))
  const headers: Record<string, string> = { accept: request.accept === 'pdf' ? 'application/pdf, application/json' : 'application/json' }
  if (mayBear && request.member) headers.authorization = `Bearer ${request.member.credential}`
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  if (request.clientIp) headers['x-forwarded-for'] = request.clientIp

  const outgoing: Outgoing = {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    timeoutMs: request.timeoutMs ?? SUITE_TIMEOUT_MS,
  }
  const networkFailure = (error: unknown): UpstreamResult<T> => {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return { ok: false, failure: { kind: 'unavailable', path, reason: timedOut ? 'timeout' : 'network', httpStatus: null } }
  }
  let response: Answer
  let bytes: Buffer
  try {
    response = await (request.fetchImpl ? sendWithFetch(request.fetchImpl, url, outgoing) : send(url, outgoing))
    bytes = await response.bytes()
  } catch (error) {
    return networkFailure(error)
  }

  if (request.accept === 'pdf' && response.ok) return pdfResult(path, response, bytes, request.schema)

  let body: unknown = null
  try {
    body = JSON.parse(bytes.toString('utf8'))
  } catch {
    body = null
  }
  if (!response.ok) return { ok: false, failure: failureFor(path, response.status, body, response.header('www-authenticate')) }

  const ok = v.safeParse(OkBody, body)
  const data = ok.success ? v.safeParse(request.schema, ok.output.data) : null
  if (!data?.success) {
    // A 200 that does not match the contract is a failure to report, not data to trust.
    return { ok: false, failure: { kind: 'unavailable', path, reason: 'bad-response', httpStatus: response.status } }
  }
  return { ok: true, data: data.output }
}

/** A PDF answer, checked to be one (type and signature), as base64 for the server function's JSON. */
function pdfResult<T>(path: string, response: Answer, bytes: Buffer, schema: v.GenericSchema<unknown, T>): UpstreamResult<T> {
  const badResponse: UpstreamResult<T> = { ok: false, failure: { kind: 'unavailable', path, reason: 'bad-response', httpStatus: response.status } }
  if (!(response.header('content-type') ?? '').startsWith('application/pdf')) return badResponse
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return badResponse
  const data = v.safeParse(schema, bytes.toString('base64'))
  return data.success ? { ok: true, data: data.output } : badResponse
}

/**
 * callSuite for a server function acting for the calling member: without a verified member a
 * member path fails with 401 at once, and the member API's 401 becomes this response's 401.
 */
export async function callSuiteAs<T>(member: VerifiedMember | null, request: Omit<SuiteRequest<T>, 'member'>): Promise<UpstreamResult<T>> {
  const result = await callSuite({ ...request, member })
  if (!result.ok && result.failure.kind === 'unauthenticated') {
    const { getRequest, setResponseStatus } = await import('@tanstack/react-start/server')
    // Only on a browser's call to a server function: during server rendering the request is the
    // page's, whose status (a redirect to login, say) must stay its own.
    if (new URL(getRequest().url).pathname.startsWith(SERVER_FN_BASE)) setResponseStatus(401)
  }
  return result
}
