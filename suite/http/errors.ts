// Errors that become `{ status: "<CODE>", message, fields?, reason? }` answers. The message is for
// people reading logs and answers; a page decides only by the code and the reason.
import { RECENT_SIGN_IN_SECONDS } from '../../contract/auth'
import { ERROR_HTTP_STATUS, type ErrorCode, type FieldErrors } from '../../contract/envelope'
import type { Refusal } from '../../contract/refusals'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** Seconds, for RATE_LIMITED answers (Retry-After). */
    readonly retryAfter?: number,
    /** Why, as a code a page acts on: one of the endpoint's declared refusals. */
    readonly reason?: Refusal,
  ) {
    super(message)
  }
  get httpStatus(): number {
    return ERROR_HTTP_STATUS[this.code]
  }
}

export const badRequest = (message: string, fields?: FieldErrors, reason?: Refusal) => new ApiError('BAD_REQUEST', message, fields, undefined, reason)
export const notFound = (what: string) => new ApiError('NOT_FOUND', `${what} not found`)
export const conflict = (message: string, reason?: Refusal) => new ApiError('CONFLICT', message, undefined, undefined, reason)
export const forbidden = (message: string) => new ApiError('FORBIDDEN', message)
export const unauthenticated = (message = 'Sign in again: the session is missing, expired or revoked') => new ApiError('UNAUTHENTICATED', message)
export const rateLimited = (message: string, retryAfter: number) => new ApiError('RATE_LIMITED', message, undefined, retryAfter)
/** The credential is valid but the sign-in behind it is too old for this change (answered with WWW-Authenticate, max_age). */
export const reauthRequired = () =>
  new ApiError(
    'REAUTH_REQUIRED',
    `Sign in again: this change needs a sign-in within the last ${RECENT_SIGN_IN_SECONDS / 60} minutes (enter your password or use a sign-in link), then send it again`,
  )
/**
 * Staff and brand calls (and a member's who turned it on) need a second factor passed in this
 * browser session: the page sends the person to pass one, or to enrol when they hold none.
 */
export const secondFactorRequired = () =>
  new ApiError('SECOND_FACTOR_REQUIRED', 'Pass your second factor (authenticator app, passkey or recovery code) for this session first')
