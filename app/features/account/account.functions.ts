import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { EmptyBodySchema } from '#contract/common'
import { withBotToken } from '#contract/bot-protection'
import { ENDPOINTS } from '#contract/endpoints'
import { CreateMemberBodySchema } from '#contract/members'
import { browserDevice } from '~/auth/device.server'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/**
 * POST suite/api/members: the member record, right after registration (idempotent; bot-checked),
 * with the browser's address and device id (a browser without one is given its cookie here).
 */
export const createMemberFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(withBotToken(CreateMemberBodySchema))
  .handler(async ({ context, data: { botToken, ...body } }) =>
    callEndpoint(ENDPOINTS.createMember, { member: context.member, body, botToken, clientIp: await browserAddress(), deviceId: await browserDevice() }),
  )

/**
 * POST suite/api/bot-check/signin-link — silent: the bot check before the browser asks Firebase for
 * a sign-in link (Firebase sends it; the member API cannot stop a script that asks Firebase itself).
 */
export const checkSignInLinkFn = createServerFn({ method: 'POST' })
  .validator(withBotToken(EmptyBodySchema))
  .handler(async ({ data: { botToken } }) => callEndpoint(ENDPOINTS.signInLinkCheck, { body: {}, botToken, clientIp: await browserAddress() }))

/** POST logistics/v1/members/is_valid_referral_code — silent: the form shows the answer inline. */
export const checkReferralCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,16}$/)) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.referralCodeCheck, { member: context.member, body: { code: data.code } }))
