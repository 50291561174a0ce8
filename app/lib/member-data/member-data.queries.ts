import { queryOptions, type QueryClient, type QueryFilters } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getAddressFn, getCampaignParticipationsFn, getMemberInfoFn, getParticipationsFn, getProfileFn, getShipmentsFn } from './member-data.functions'

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

/** Every participation of the member; the per-campaign lists below sit under the same key. */
export const participationsQuery = queryOptions({
  queryKey: ['member', 'participations'],
  queryFn: async () => unwrap(await getParticipationsFn()),
})

/** The member's participations in one campaign (usually one; one per flight). */
export const campaignParticipationsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'participations', 'campaign', campaignId],
    queryFn: async () => unwrap(await getCampaignParticipationsFn({ data: { campaignId } })),
  })

export const shipmentsQuery = queryOptions({
  queryKey: ['member', 'shipments'],
  queryFn: async () => unwrap(await getShipmentsFn()),
})
