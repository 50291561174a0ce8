import { createServerFn } from '@tanstack/react-start'
import { DISCOUNT_CODE_PATH, MISSIONS_PATH, POINTS_PATH, REWARDS_PATH } from '#contract/paths'
import { MissionsResultSchema, PointsResultSchema, RedeemBodySchema, RedeemResultSchema, RedemptionsResultSchema, RewardsResultSchema } from '#contract/rewards'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuiteAs } from '~/upstream/suite-client.server'

/** GET suite/api/members/missions: missions with progress and the balance. */
export const getMissionsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: MISSIONS_PATH, schema: MissionsResultSchema }))

/** GET suite/api/members/points: the points ledger. */
export const getPointsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: POINTS_PATH, schema: PointsResultSchema }))

/** GET suite/api/rewards: what points can buy. */
export const getRewardsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: REWARDS_PATH, schema: RewardsResultSchema }))

/** GET shopify/v1/community_reward_discount_code: the member's codes so far. */
export const getRedemptionsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: DISCOUNT_CODE_PATH, schema: RedemptionsResultSchema }))

/** POST shopify/v1/community_reward_discount_code: points for a discount code, once per request id. */
export const redeemRewardFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(RedeemBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: DISCOUNT_CODE_PATH, body: data, schema: RedeemResultSchema }))
