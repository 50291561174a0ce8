import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ENDPOINTS } from '#contract/endpoints'
import { botCheckFailedMessage } from '~/upstream/apply-effect'
import { refusalOf, type UpstreamFailure } from '~/upstream/upstream-result'

// What a failed one-time-code call means for the member. Both calls are silent (no dialog): the
// page shows the sentence next to the field. The rules are the same for an e-mail address and a
// phone number; only the words for where the code went differ.

export type OtpChannel = 'email' | 'sms'
type OtpSend = typeof ENDPOINTS.emailOtpSend | typeof ENDPOINTS.phoneOtpSend
type OtpVerify = typeof ENDPOINTS.emailOtpVerify | typeof ENDPOINTS.phoneOtpVerify

/**
 * The member API refused to send (429: too many codes this hour; 400/409: not this target, or, for
 * a text message, the member's e-mail address is not verified yet; the bot check refused the send).
 */
export function sendFailureMessage(failure: UpstreamFailure, channel: OtpChannel): MessageDescriptor {
  if (failure.kind === 'bot-check-failed') return botCheckFailedMessage
  if (failure.kind === 'unavailable' && failure.httpStatus === 429)
    return msg`We sent several codes in the last hour. Please wait a while before asking for another one.`
  const refusal = refusalOf<OtpSend>(failure)
  if (refusal?.code === 'email-unconfirmed')
    return msg`We send codes by text message only to members who have verified their e-mail address. Verify yours on the e-mail verification page, then try again.`
  if (refusal?.code === 'country-not-served') return msg`We do not send text messages to numbers in this country.`
  if (failure.kind === 'rejected')
    return channel === 'email'
      ? msg`We could not send a code to this address. Check it and try again.`
      : msg`We could not send a code to this number. Check it and try again.`
  return msg`We could not send the code just now. Please try again in a moment.`
}

/**
 * The member API refused the code: 429 after too many wrong tries; otherwise its reason says whether
 * the code expired, none is open (or a newer one replaced it), or it is wrong.
 */
export function verifyFailureMessage(failure: UpstreamFailure, channel: OtpChannel): MessageDescriptor {
  const email = channel === 'email'
  if (failure.kind === 'unavailable' && failure.httpStatus === 429)
    return email
      ? msg`Too many wrong codes. Ask for a new code and use the newest e-mail.`
      : msg`Too many wrong codes. Ask for a new code and use the newest text message.`
  if (failure.kind === 'rejected') {
    const refusal = refusalOf<OtpVerify>(failure)
    if (refusal?.code === 'code-expired') return msg`This code has expired. Ask for a new one.`
    if (refusal?.code === 'no-open-code')
      return email ? msg`There is no open code for this address. Ask for a new one.` : msg`There is no open code for this number. Ask for a new one.`
    return email ? msg`That code is not right. Check the e-mail and try again.` : msg`That code is not right. Check the text message and try again.`
  }
  return msg`We could not check the code just now. Please try again in a moment.`
}
