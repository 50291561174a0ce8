// Missions, the points ledger and rewards (discount codes).
import * as v from 'valibot'
import { Timestamp, Uuid } from './common'

export const MISSION_KEYS = ['complete-profile', 'verify-email', 'verify-phone', 'connect-social', 'first-test', 'write-review', 'refer-friend'] as const
export const MissionKeySchema = v.picklist(MISSION_KEYS)
export type MissionKey = v.InferOutput<typeof MissionKeySchema>

export const MissionSchema = v.strictObject({
  key: MissionKeySchema,
  title: v.string(),
  description: v.string(),
  points: v.number(),
  /** Repeatable missions (refer a friend) are credited once per occurrence. */
  repeatable: v.boolean(),
  completed: v.boolean(),
  timesCredited: v.number(),
  pointsEarned: v.number(),
})
export type Mission = v.InferOutput<typeof MissionSchema>
export const MissionsResultSchema = v.strictObject({ balance: v.number(), missions: v.array(MissionSchema) })
export type MissionsResult = v.InferOutput<typeof MissionsResultSchema>

export const LedgerEntrySchema = v.strictObject({
  id: v.string(),
  kind: v.picklist(['credit', 'debit']),
  points: v.number(),
  reason: v.string(),
  createdAt: Timestamp,
})
export type LedgerEntry = v.InferOutput<typeof LedgerEntrySchema>
export const PointsResultSchema = v.strictObject({ balance: v.number(), entries: v.array(LedgerEntrySchema) })
export type PointsResult = v.InferOutput<typeof PointsResultSchema>

export const REWARD_IDS = ['voucher-5', 'voucher-10', 'voucher-25'] as const
export const RewardIdSchema = v.picklist(REWARD_IDS)
export type RewardId = v.InferOutput<typeof RewardIdSchema>

export const RewardSchema = v.strictObject({
  id: RewardIdSchema,
  title: v.string(),
  points: v.number(),
  valueCents: v.number(),
  currency: v.string(),
})
export type Reward = v.InferOutput<typeof RewardSchema>
export const RewardsResultSchema = v.strictObject({ balance: v.number(), rewards: v.array(RewardSchema) })
export type RewardsResult = v.InferOutput<typeof RewardsResultSchema>

/**
 * POST shopify/v1/community_reward_discount_code. `requestId` is generated once per click by the
 * client: the same id never redeems twice and answers the first redemption again.
 */
export const RedeemBodySchema = v.strictObject({ rewardId: RewardIdSchema, requestId: Uuid })
export type RedeemBody = v.InferInput<typeof RedeemBodySchema>

export const RedemptionSchema = v.strictObject({
  id: v.string(),
  requestId: v.string(),
  rewardId: RewardIdSchema,
  code: v.string(),
  points: v.number(),
  valueCents: v.number(),
  currency: v.string(),
  createdAt: Timestamp,
})
export type Redemption = v.InferOutput<typeof RedemptionSchema>
export const RedeemResultSchema = v.strictObject({ redemption: RedemptionSchema, balance: v.number() })
export type RedeemResult = v.InferOutput<typeof RedeemResultSchema>
export const RedemptionsResultSchema = v.strictObject({ redemptions: v.array(RedemptionSchema) })
export type RedemptionsResult = v.InferOutput<typeof RedemptionsResultSchema>

/** POST intercom/v1/generate-token → data.token, an HS256 JWT for the chat widget. */
export const IntercomTokenResultSchema = v.strictObject({ token: v.string(), expiresAt: Timestamp })
export type IntercomTokenResult = v.InferOutput<typeof IntercomTokenResultSchema>
