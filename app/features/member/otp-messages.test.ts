import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import type { Refusal } from '#contract/refusals'
import type { UpstreamFailure } from '~/upstream/upstream-result'
import { sendFailureMessage, verifyFailureMessage } from './otp-messages'

// The sentences as the member reads them (source locale, no catalogue loaded).
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const path = 'logistics/v1/members/email/otp/verify'
const refused = (reason?: Refusal, fields: Record<string, string[]> | null = null): UpstreamFailure => ({
  kind: 'rejected',
  path,
  httpStatus: 400,
  message: null,
  fields,
  ...(reason && { reason }),
})
const tooMany: UpstreamFailure = { kind: 'unavailable', path, reason: 'server', httpStatus: 429 }
const down: UpstreamFailure = { kind: 'unavailable', path, reason: 'network', httpStatus: null }

describe('verifyFailureMessage', () => {
  it('tells a wrong, an expired and a replaced code apart, by channel', () => {
    const wrong = refused({ code: 'wrong-code', triesLeft: 4 })
    expect(i18n._(verifyFailureMessage(wrong, 'email'))).toBe('That code is not right. Check the e-mail and try again.')
    expect(i18n._(verifyFailureMessage(wrong, 'sms'))).toBe('That code is not right. Check the text message and try again.')
    expect(i18n._(verifyFailureMessage(refused({ code: 'code-expired' }), 'email'))).toBe('This code has expired. Ask for a new one.')
    expect(i18n._(verifyFailureMessage(refused({ code: 'no-open-code' }), 'email'))).toBe('There is no open code for this address. Ask for a new one.')
    expect(i18n._(verifyFailureMessage(refused({ code: 'no-open-code' }), 'sms'))).toBe('There is no open code for this number. Ask for a new one.')
    // The field's wording decides nothing.
    expect(i18n._(verifyFailureMessage(refused(undefined, { code: ['expired: request a new code'] }), 'email'))).toBe(
      'That code is not right. Check the e-mail and try again.',
    )
  })

  it('says too many wrong tries on 429, and "try again" when the member API was not reached', () => {
    expect(i18n._(verifyFailureMessage(tooMany, 'email'))).toBe('Too many wrong codes. Ask for a new code and use the newest e-mail.')
    expect(i18n._(verifyFailureMessage(down, 'sms'))).toBe('We could not check the code just now. Please try again in a moment.')
  })
})

describe('sendFailureMessage', () => {
  it('says wait on 429, check the target when refused, try again otherwise', () => {
    expect(i18n._(sendFailureMessage(tooMany, 'email'))).toBe('We sent several codes in the last hour. Please wait a while before asking for another one.')
    expect(i18n._(sendFailureMessage({ kind: 'rejected', path, httpStatus: 409, message: null, fields: null }, 'email'))).toBe(
      'We could not send a code to this address. Check it and try again.',
    )
    expect(i18n._(sendFailureMessage({ kind: 'rejected', path, httpStatus: 400, message: null, fields: null }, 'sms'))).toBe(
      'We could not send a code to this number. Check it and try again.',
    )
    expect(i18n._(sendFailureMessage(refused({ code: 'country-not-served' }, { phone: ['is in a country we do not send text messages to'] }), 'sms'))).toBe(
      'We do not send text messages to numbers in this country.',
    )
    expect(i18n._(sendFailureMessage(down, 'sms'))).toBe('We could not send the code just now. Please try again in a moment.')
  })

  it('says a text message needs a verified e-mail address when the member API refuses for that', () => {
    const unverified = refused({ code: 'email-unconfirmed' })
    expect(i18n._(sendFailureMessage(unverified, 'sms'))).toBe(
      'We send codes by text message only to members who have verified their e-mail address. Verify yours on the e-mail verification page, then try again.',
    )
  })
})
