import { EMAIL_OTP_SEND_PATH, EMAIL_OTP_VERIFY_PATH, EMAIL_VALIDATE_PATH, PHONE_OTP_SEND_PATH, PHONE_OTP_VERIFY_PATH, PHONE_VALIDATE_PATH, REFERRAL_CODE_CHECK_PATH } from '#contract/paths'
import type { UpstreamFailure } from './upstream-result'

/**
 * The error catalogue of spec section 8, in one place: what the member gets for each failed call.
 * Validation, one-time-code and referral-code calls have no global effect — their callers show the
 * failure inline.
 */
export type ErrorEffect =
  | { kind: 'redirect-locale-404' }
  | { kind: 'dialog'; message: string | null }
  | { kind: 'session-expired' }
  | { kind: 'redirect-404' }
  | { kind: 'generic-dialog' }
  | { kind: 'none' }

export const SILENT_PATHS: readonly string[] = [
  EMAIL_VALIDATE_PATH,
  EMAIL_OTP_SEND_PATH,
  EMAIL_OTP_VERIFY_PATH,
  PHONE_VALIDATE_PATH,
  PHONE_OTP_SEND_PATH,
  PHONE_OTP_VERIFY_PATH,
  REFERRAL_CODE_CHECK_PATH,
]

export function effectOf(failure: UpstreamFailure): ErrorEffect {
  if (SILENT_PATHS.includes(failure.path)) return { kind: 'none' }
  switch (failure.kind) {
    case 'not-found':
      return { kind: 'redirect-locale-404' }
    case 'rejected':
      return { kind: 'dialog', message: failure.message }
    case 'unauthenticated':
      return { kind: 'session-expired' }
    // The session is valid: the page asks for the password again (useRecentSignIn) and retries.
    case 'reauth-required':
      return { kind: 'none' }
    case 'forbidden':
      return { kind: 'redirect-404' }
    case 'unavailable':
      return { kind: 'generic-dialog' }
  }
}
