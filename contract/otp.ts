// E-mail and phone validation, one-time codes, and the confirmed changes.
import * as v from 'valibot'
import { Timestamp } from './common'

export const OTP_LENGTH = 6
export const OTP_TTL_MINUTES = 10
export const OTP_MAX_ATTEMPTS = 5
/** Codes one member, or one address, may be sent per hour. */
export const OTP_SENDS_PER_HOUR = 5

/**
 * Codes by text message go only to members whose e-mail address is verified. A send for anyone else
 * is refused (400) with this message on the field `email`: the portal tells it apart by this text.
 */
export const SMS_NEEDS_VERIFIED_EMAIL = 'is not verified: codes by text message go only to members with a verified e-mail address'

const emailField = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254))
const phoneField = v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(32))
const countryField = v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be a country code')))
const codeField = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'must be 6 digits'))

/** POST logistics/v1/members/email/validate: any string; the answer says whether it is usable. */
export const EmailValidateBodySchema = v.strictObject({ email: v.pipe(v.string(), v.maxLength(320)) })
export const EMAIL_INVALID_REASONS = ['format', 'in-use', 'unchanged'] as const
export const EmailValidateResultSchema = v.strictObject({
  valid: v.boolean(),
  email: v.string(),
  reason: v.nullable(v.picklist(EMAIL_INVALID_REASONS)),
})
export type EmailValidateResult = v.InferOutput<typeof EmailValidateResultSchema>

/** POST logistics/v1/members/phone_number/validate (libphonenumber-js; country for national numbers). */
export const PhoneValidateBodySchema = v.strictObject({ phone: v.pipe(v.string(), v.maxLength(64)), country: countryField })
export const PHONE_INVALID_REASONS = ['format', 'not-mobile', 'in-use', 'unchanged'] as const
export const PhoneValidateResultSchema = v.strictObject({
  valid: v.boolean(),
  /** E.164 form when the number parses. */
  e164: v.nullable(v.string()),
  country: v.nullable(v.string()),
  reason: v.nullable(v.picklist(PHONE_INVALID_REASONS)),
})
export type PhoneValidateResult = v.InferOutput<typeof PhoneValidateResultSchema>

export const EmailOtpSendBodySchema = v.strictObject({ email: emailField })
export const PhoneOtpSendBodySchema = v.strictObject({ phone: phoneField, country: countryField })
export const OtpSentSchema = v.strictObject({
  channel: v.picklist(['email', 'sms']),
  /** The address, partly masked. */
  sentTo: v.string(),
  expiresAt: Timestamp,
})
export type OtpSent = v.InferOutput<typeof OtpSentSchema>

export const EmailOtpVerifyBodySchema = v.strictObject({ email: emailField, code: codeField })
export const PhoneOtpVerifyBodySchema = v.strictObject({ phone: phoneField, country: countryField, code: codeField })
export const OtpVerifiedSchema = v.strictObject({
  verified: v.literal(true),
  target: v.string(),
  /** The change (PUT email / phone_number) must follow before this time. */
  confirmBefore: Timestamp,
})
export type OtpVerified = v.InferOutput<typeof OtpVerifiedSchema>
