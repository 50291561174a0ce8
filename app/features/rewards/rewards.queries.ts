import { hashKey, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { getMissionsFn, getPointsFn, getRedemptionsFn, getRewardsFn } from '~/features/rewards/rewards.functions'
import { unwrap } from '~/upstream/upstream-result'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'

export const missionsQuery = queryOptions({ queryKey: ['member', 'missions'], queryFn: async () => unwrap(await getMissionsFn()) })
export const pointsQuery = queryOptions({ queryKey: ['member', 'points'], queryFn: async () => unwrap(await getPointsFn()) })
export const rewardsQuery = queryOptions({ queryKey: ['member', 'rewards'], queryFn: async () => unwrap(await getRewardsFn()) })
export const redemptionsQuery = queryOptions({ queryKey: ['member', 'redemptions'], queryFn: async () => unwrap(await getRedemptionsFn()) })

/** Every query that shows the member's points: the header's (member info) and the rewards pages'. */
const BALANCE_QUERIES = [memberInfoQuery, missionsQuery, pointsQuery, rewardsQuery]

/** The pages that read the balance afresh (missions, points, rewards), by their hashed keys. */
const FRESHER_KEYS = new Set([missionsQuery, pointsQuery, rewardsQuery].map((q) => hashKey(q.queryKey)))

/**
 * One balance on every part of the page: when the missions, points or rewards page reads the
 * balance afresh, the header's copy (member info) takes the same figure.
 */
export function shareBalance(queryClient: QueryClient, queryKey: QueryKey, data: unknown): void {
  // Cheap checks first: every query of every page passes here when it succeeds.
  if (typeof data !== 'object' || data === null || !FRESHER_KEYS.has(hashKey(queryKey))) return
  if (typeof (data as { balance?: unknown }).balance !== 'number') return
  const balance = (data as { balance: number }).balance
  queryClient.setQueryData(memberInfoQuery.queryKey, (info) =>
    info && info.member.pointsBalance !== balance ? { ...info, member: { ...info.member, pointsBalance: balance } } : info,
  )
}

/** After any change the member makes, the balance may have moved (a mission credited, a redemption). */
export function refreshBalance(queryClient: QueryClient): Promise<void> {
  return Promise.all(BALANCE_QUERIES.map((q) => queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true }))).then(() => undefined)
}
