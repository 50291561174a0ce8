import { queryOptions } from '@tanstack/react-query'
import { RESULTS_REFRESH_MS } from '~/components/results/refresh'
import type { BrandSelf } from '#contract/brands'
import { unwrap } from '~/upstream/upstream-result'
import { getBrandCampaignResultsFn, getBrandCampaignsFn, getBrandSelfFn } from './brand-console.functions'

/**
 * The signed-in person as a brand viewer, or null when they follow no brand. Under ['member'], so
 * sign-out forgets it. It only decides what the page shows: the member API checks every call.
 */
export const brandSelfQuery = queryOptions({
  queryKey: ['member', 'brand-self'],
  queryFn: async (): Promise<BrandSelf | null> => {
    const result = await getBrandSelfFn()
    if (!result.ok && result.failure.kind === 'forbidden') return null
    return unwrap(result)
  },
  staleTime: 30_000,
})

export const brandCampaignsQuery = queryOptions({
  queryKey: ['member', 'brand', 'campaigns'],
  queryFn: async () => unwrap(await getBrandCampaignsFn()),
})

/** One of the brand's campaigns, read again every RESULTS_REFRESH_MS while the page is open. */
export const brandCampaignResultsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'brand', 'campaigns', campaignId, 'results'],
    queryFn: async () => unwrap(await getBrandCampaignResultsFn({ data: { campaignId } })),
    refetchInterval: RESULTS_REFRESH_MS,
  })
