import type { FieldErrors } from '#contract/envelope'
import type { Refusal, RefusalCode, RefusalOf } from '#contract/refusals'

/**
 * What can go wrong when the portal calls the member API, as data that crosses the server-function
 * boundary intact. The error catalogue (error-catalogue.ts) decides what the member sees for each.
 */
export type UpstreamFailure =
  /** The answer's body said NOT_FOUND. */
  (
    | { kind: 'not-found'; path: string }
    /**
     * HTTP 400 or 409: the member can do something about it. `reason` says why, as a code (refusalOf);
     * `message` is the server's wording, which the portal never decides anything by. HTTP 429 is a
     * refusal too when it says why (an export limit: the person may try again later); without a
     * reason it is `unavailable`.
     */
    | { kind: 'rejected'; path: string; httpStatus: 400 | 409 | 429; message: string | null; fields: FieldErrors | null; reason?: Refusal }
    /** HTTP 401: the session is over. */
    | { kind: 'unauthenticated'; path: string }
    /**
     * Body REAUTH_REQUIRED (HTTP 401): the change needs a sign-in at most `maxAgeSeconds` old. The
     * session is still valid: the page asks for the password again and retries (useRecentSignIn).
     */
    | { kind: 'reauth-required'; path: string; maxAgeSeconds: number }
    /** Body BOT_CHECK_FAILED (HTTP 400): the bot check refused the action, which was not done. The member may try again. */
    | { kind: 'bot-check-failed'; path: string }
    /**
     * Body SECOND_FACTOR_REQUIRED (HTTP 403): a staff or brand call from a browser session that has
     * not passed a second factor. The person is sent to pass one (or to enrol) and back.
     */
    | { kind: 'second-factor-required'; path: string }
    /** HTTP 403 or 404 without a NOT_FOUND body. */
    | { kind: 'forbidden'; path: string; httpStatus: 403 | 404 }
    /**
     * Anything else: 5xx, 429 without a reason, timeout, network, an answer that does not match its
     * schema. A 503 (or a 429 of an older member API) may say why as a code the endpoint declares (`refusal`: too many uploads this hour, the
     * member API busy with images), read with refusalOf as a 400's reason is.
     */
    | {
        kind: 'unavailable'
        path: string
        reason: 'server' | 'timeout' | 'network' | 'bad-response' | 'circuit-open'
        httpStatus: number | null
        refusal?: Refusal
      }
  ) & {
    /** The endpoint's entry says its failures are shown inline by the caller, not by the error catalogue. */
    silent?: true
    /** The endpoint's entry says its refusals (400, 409) are shown beside the page's fields; other failures go to the catalogue. */
    refusalsInline?: true
    /** A staff endpoint's failure (the operator console): a refusal means the caller's roles do not allow it. */
    staff?: true
  }

export type UpstreamResult<T> = { ok: true; data: T } | { ok: false; failure: UpstreamFailure }

/** A failed upstream call, thrown where a query or mutation needs an exception. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  constructor(readonly failure: UpstreamFailure) {
    super(`${failure.kind} from ${failure.path}`)
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return (
    error instanceof UpstreamError ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'UpstreamError' && 'failure' in error)
  )
}

/**
 * Why the member API refused a call to endpoint `E` (a thrown UpstreamError or its failure), as one
 * of the reasons the endpoint declares: a page compares the code only with those, type-checked.
 */
export function refusalOf<E extends { refusals?: readonly RefusalCode[] }>(error: unknown): RefusalOf<E> | null {
  const failure = isUpstreamError(error) ? error.failure : (error as UpstreamFailure | null)
  if (!failure || typeof failure !== 'object') return null
  if (failure.kind === 'unavailable') return (failure.refusal ?? null) as RefusalOf<E> | null
  if (failure.kind !== 'rejected' || !failure.reason) return null
  return failure.reason as RefusalOf<E>
}

/** The data of a result, or an UpstreamError to throw (queries and mutations). */
export function unwrap<T>(result: UpstreamResult<T>): T {
  if (result.ok) return result.data
  throw new UpstreamError(result.failure)
}
