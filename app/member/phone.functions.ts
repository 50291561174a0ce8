import { createServerFn } from '@tanstack/react-start'
import { MemberSummarySchema, UpdatePhoneBodySchema } from '#contract/members'
import { OtpSentSchema, OtpVerifiedSchema, PhoneOtpSendBodySchema, PhoneOtpVerifyBodySchema, PhoneValidateBodySchema, PhoneValidateResultSchema } from '#contract/otp'
import { PHONE_NUMBER_PATH, PHONE_OTP_SEND_PATH, PHONE_OTP_VERIFY_PATH, PHONE_VALIDATE_PATH } from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuiteAs } from '~/upstream/suite-client.server'

// Phone verification. The validate and one-time-code calls are silent (spec section 8): the page
// reads their results and shows the outcome inline; only the final change goes through the catalogue.

/** POST logistics/v1/members/phone_number/validate */
export const validatePhoneFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PhoneValidateBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: PHONE_VALIDATE_PATH, body: data, schema: PhoneValidateResultSchema }))

/** POST logistics/v1/members/phone_number/otp/send: a 6-digit code by SMS. */
export const sendPhoneCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PhoneOtpSendBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: PHONE_OTP_SEND_PATH, body: data, schema: OtpSentSchema }))

/** POST logistics/v1/members/phone_number/otp/verify */
export const verifyPhoneCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PhoneOtpVerifyBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: PHONE_OTP_VERIFY_PATH, body: data, schema: OtpVerifiedSchema }))

/** PUT logistics/v1/members/phone_number: the verified number becomes the member's. */
export const changePhoneFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(UpdatePhoneBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'PUT', path: PHONE_NUMBER_PATH, body: data, schema: MemberSummarySchema }))
