import { queryOptions, type QueryClient, type QueryFilters } from '@tanstack/react-query'
import { getAddressFn, getMemberInfoFn, getMyDataFn, getMyReferralsFn, getNotificationsFn, getProfileFn, getSocialProfilesFn } from '~/member/member.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Everything under ['member'] is the signed-in member's data: sign-out removes it. */
export const memberInfoQuery = queryOptions({
  queryKey: ['member', 'info'],
  queryFn: async () => unwrap(await getMemberInfoFn()),
})

export const addressQuery = queryOptions({
  queryKey: ['member', 'address'],
  queryFn: async () => unwrap(await getAddressFn()),
})

/** The whole profile (names, birth date, gender, languages, preferences, payout). */
export const profileQuery = queryOptions({
  queryKey: ['member', 'profile'],
  queryFn: async () => unwrap(await getProfileFn()),
})

export const socialProfilesQuery = queryOptions({
  queryKey: ['member', 'social-profiles'],
  queryFn: async () => unwrap(await getSocialProfilesFn()),
})

export const notificationsQuery = queryOptions({
  queryKey: ['member', 'notifications'],
  queryFn: async () => unwrap(await getNotificationsFn()),
})

export const myReferralsQuery = queryOptions({
  queryKey: ['member', 'referrals'],
  queryFn: async () => unwrap(await getMyReferralsFn()),
})

/** Everything held about the member (the download page and the printable summary). */
export const myDataQuery = queryOptions({
  queryKey: ['member', 'my-data'],
  queryFn: async () => unwrap(await getMyDataFn()),
})

/**
 * After a change to the member's record: every answer about the member under ['member'] (but the
 * one named in `except`, which the caller has just written) is asked for again. A fetch already on
 * its way started before the change, and its answer would land as fresh: it is cancelled first, then
 * everything is marked stale (what the page shows now is fetched again at once, the rest when next
 * shown, e.g. a campaign's eligibility after the preferences it depends on).
 */
export async function refreshMemberData(queryClient: QueryClient, except?: string): Promise<void> {
  const filters: QueryFilters = { queryKey: ['member'], predicate: except ? (query) => query.queryKey[1] !== except : undefined }
  await queryClient.cancelQueries(filters)
  await queryClient.invalidateQueries(filters)
}
