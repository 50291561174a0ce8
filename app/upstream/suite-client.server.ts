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

  let response: Response
  try {
    response = await (request.fetchImpl ?? fetch)(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? SUITE_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return { ok: false, failure: { kind: 'unavailable', path, reason: timedOut ? 'timeout' : 'network', httpStatus: null } }
  }

  if (request.accept === 'pdf' && response.ok) return pdfResult(path, response, request.schema)

  let body: unknown = null
  try {
    body = await response.json()
  } catch {
    body = null
  }
  if (!response.ok) return { ok: false, failure: failureFor(path, response.status, body, response.headers.get('www-authenticate')) }

  const ok = v.safeParse(OkBody, body)
  const data = ok.success ? v.safeParse(request.schema, ok.output.data) : null
  if (!data?.success) {
    // A 200 that does not match the contract is a failure to report, not data to trust.
    return { ok: false, failure: { kind: 'unavailable', path, reason: 'bad-response', httpStatus: response.status } }
  }
  return { ok: true, data: data.output }
}

/** A PDF answer, checked to be one (type and signature), as base64 for the server function's JSON. */
async function pdfResult<T>(path: string, response: Response, schema: v.GenericSchema<unknown, T>): Promise<UpstreamResult<T>> {
  const badResponse: UpstreamResult<T> = { ok: false, failure: { kind: 'unavailable', path, reason: 'bad-response', httpStatus: response.status } }
  if (!(response.headers.get('content-type') ?? '').startsWith('application/pdf')) return badResponse
  let bytes: Buffer
  try {
    bytes = Buffer.from(await response.arrayBuffer())
  } catch {
    return { ok: false, failure: { kind: 'unavailable', path, reason: 'network', httpStatus: null } }
  }
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
