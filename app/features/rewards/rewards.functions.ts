// The rewards pages read through these (rewards.queries.ts and standing.queries.ts, used by the pages'
// loaders, which every page's first script carries); redeeming has its own file (redeem.functions.ts).
import { createServerFn } from '@tanstack/react-start'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** GET suite/api/members/missions: missions with progress and the balance. */
export const getMissionsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.missions, { member: context.member }))

/** GET suite/api/members/points: the points ledger. */
export const getPointsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.points, { member: context.member }))

/** GET suite/api/members/standing: the member's standing tier, its score and parts. */
export const getStandingFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.standing, { member: context.member }))

/** GET suite/api/rewards: what points can buy. */
export const getRewardsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.rewards, { member: context.member }))

/** GET shopify/v1/community_reward_discount_code: the member's codes so far. */
export const getRedemptionsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.redemptions, { member: context.member }))
