import { queryOptions } from '@tanstack/react-query'
import { getCampaignParticipationsFn, getParticipationsFn } from '~/participations/participations.functions'
import { unwrap } from '~/upstream/upstream-result'

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
