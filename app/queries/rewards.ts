import { queryOptions } from '@tanstack/react-query'
import { getMissionsFn, getPointsFn, getRedemptionsFn, getRewardsFn } from '~/rewards/rewards.functions'
import { unwrap } from '~/upstream/upstream-result'

export const missionsQuery = queryOptions({ queryKey: ['member', 'missions'], queryFn: async () => unwrap(await getMissionsFn()) })
export const pointsQuery = queryOptions({ queryKey: ['member', 'points'], queryFn: async () => unwrap(await getPointsFn()) })
export const rewardsQuery = queryOptions({ queryKey: ['member', 'rewards'], queryFn: async () => unwrap(await getRewardsFn()) })
export const redemptionsQuery = queryOptions({ queryKey: ['member', 'redemptions'], queryFn: async () => unwrap(await getRedemptionsFn()) })
