import { createServerFn } from '@tanstack/react-start'
import { UpdateEmailBodySchema, type MemberSummary } from '#contract/members'
import { EmailOtpSendBodySchema, EmailOtpVerifyBodySchema, EmailValidateBodySchema } from '#contract/otp'
import { EMAIL_PATH } from '#contract/paths'
import { withBotToken } from '#contract/bot-protection'
import { browserAddress } from '~/upstream/browser-address.server'
import { memberMiddleware } from '~/auth/member.middleware'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

// Changing the e-mail address. The validate and one-time-code calls are silent (the page reads
// their results and shows the outcome inline); only the change itself goes through the catalogue.

/** POST logistics/v1/members/email/validate: format, in use by another account, or already the member's. */
export const validateEmailFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(EmailValidateBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.emailValidate, { member: context.member, body: data }))

/** POST logistics/v1/members/email/otp/send: a 6-digit code to the new address (bot-checked). */
export const sendEmailCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(withBotToken(EmailOtpSendBodySchema))
  .handler(async ({ context, data: { botToken, ...body } }) =>
    callEndpoint(ENDPOINTS.emailOtpSend, { member: context.member, body, botToken, clientIp: await browserAddress() }),
  )

/** POST logistics/v1/members/email/otp/verify */
export const verifyEmailCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(EmailOtpVerifyBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.emailOtpVerify, { member: context.member, body: data }))

export type EmailChanged = {
  member: MemberSummary
  /**
   * A Firebase custom token for the member, to sign in again in the browser: the change revokes
   * every token and session cookie issued before it. Null when this server cannot mint one (no
   * service account configured): the member then signs in with the new address.
   */
  signInToken: string | null
}

/**
 * PUT logistics/v1/members/email: the verified address becomes the member's, in Firebase too. The
 * member's earlier credentials are refused from then on, so this process forgets what it remembered
 * of them, and the answer carries a token to continue the session with.
 */
export const changeEmailFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(UpdateEmailBodySchema)
  .handler(async ({ context, data }): Promise<UpstreamResult<EmailChanged>> => {
    const result = await callEndpoint(ENDPOINTS.updateEmail, { member: context.member, body: data })
    if (!result.ok || !context.member) return result.ok ? { ok: false, failure: { kind: 'unauthenticated', path: EMAIL_PATH } } : result
    const { uid } = context.member
    const { adminAuth, memberCredentials } = await import('~/auth/firebase-admin.server')
    memberCredentials().forget(uid)
    const signInToken = await adminAuth()
      .createCustomToken(uid)
      .catch((error: unknown) => {
        console.warn(`No sign-in token after the e-mail change of ${uid}: ${String(error)}`)
        return null
      })
    return { ok: true, data: { member: result.data, signInToken } }
  })
