import { createServerFn } from '@tanstack/react-start'
import { ProcessSignupBodySchema } from '#contract/participations'
import { withBotToken } from '#contract/bot-protection'
import { browserAddress } from '~/upstream/browser-address.server'
import { browserDevice } from '~/auth/device.server'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/**
 * POST logistics/v1/campaigns/process_signup: apply (bot-checked), with the browser's address and
 * device id (a browser without one is given its cookie here); the answer says selected, waitlisted
 * or not eligible.
 */
export const processSignupFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(withBotToken(ProcessSignupBodySchema))
  .handler(async ({ context, data: { botToken, ...body } }) =>
    callEndpoint(ENDPOINTS.processSignup, { member: context.member, body, botToken, clientIp: await browserAddress(), deviceId: await browserDevice() }),
  )
