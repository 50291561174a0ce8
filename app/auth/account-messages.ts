import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { AccountFailure } from '~/auth/account-actions'

/** What a member reads for each account failure. Wrong e-mail and wrong password read the same. */
export const accountFailureMessage: Record<AccountFailure, MessageDescriptor> = {
  'invalid-credentials': msg`That e-mail and password do not match an account. Check them and try again, or reset your password.`,
  'email-in-use': msg`An account already uses this e-mail address. Sign in instead, or reset your password.`,
  'weak-password': msg`Choose a stronger password: at least 8 characters with letters and numbers.`,
  'too-many-requests': msg`Too many attempts. Please wait a few minutes and try again.`,
  'invalid-link': msg`This link has expired or was already used. Ask for a new one.`,
  'recent-sign-in': msg`For your security, sign in again to continue.`,
  network: msg`We could not reach the sign-in service. Check your connection and try again.`,
  unknown: msg`Something went wrong please try again later`,
}

/**
 * What a member reads when confirming with their password fails: the e-mail is known here, so a
 * wrong password is said plainly.
 */
export function reauthFailureMessage(failure: AccountFailure): MessageDescriptor {
  return failure === 'invalid-credentials' ? msg`That password is not right. Try again, or use a sign-in link instead.` : accountFailureMessage[failure]
}
