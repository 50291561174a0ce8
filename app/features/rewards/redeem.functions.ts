import { createServerFn } from '@tanstack/react-start'
import { RedeemBodySchema } from '#contract/rewards'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** POST shopify/v1/community_reward_discount_code: points for a discount code, once per request id. */
export const redeemRewardFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(RedeemBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.redeem, { member: context.member, body: data }))
