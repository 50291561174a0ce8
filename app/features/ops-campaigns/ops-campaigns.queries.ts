import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getCampaignListFn } from './ops-campaigns.functions'

export const campaignListQuery = queryOptions({
  queryKey: ['member', 'ops', 'campaigns'],
  queryFn: async () => unwrap(await getCampaignListFn()),
})
