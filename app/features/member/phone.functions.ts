import { createServerFn } from '@tanstack/react-start'
import { UpdatePhoneBodySchema } from '#contract/members'
import { PhoneOtpSendBodySchema, PhoneOtpVerifyBodySchema, PhoneValidateBodySchema } from '#contract/otp'
import { withBotToken } from '#contract/bot-protection'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

// Phone verification. The validate and one-time-code calls are silent (their entries say so): the page
// reads their results and shows the outcome inline; only the final change goes through the catalogue.

/** POST logistics/v1/members/phone_number/validate */
export const validatePhoneFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PhoneValidateBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.phoneValidate, { member: context.member, body: data }))

/** POST logistics/v1/members/phone_number/otp/send: a 6-digit code by SMS (bot-checked). */
export const sendPhoneCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(withBotToken(PhoneOtpSendBodySchema))
  // Text messages are limited per client address too: the member API is told the browser's.
  .handler(async ({ context, data: { botToken, ...body } }) =>
    callEndpoint(ENDPOINTS.phoneOtpSend, { member: context.member, body, botToken, clientIp: await browserAddress() }),
  )

/** POST logistics/v1/members/phone_number/otp/verify */
export const verifyPhoneCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PhoneOtpVerifyBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.phoneOtpVerify, { member: context.member, body: data }))

/** PUT logistics/v1/members/phone_number: the verified number becomes the member's. */
export const changePhoneFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(UpdatePhoneBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.updatePhone, { member: context.member, body: data }))
