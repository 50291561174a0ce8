import { queryOptions } from '@tanstack/react-query'
import { RESULTS_REFRESH_MS } from '~/components/results/refresh'
import { unwrap } from '~/upstream/upstream-result'
import { getCampaignForEditFn, getCampaignListFn, getCampaignPreviewFn, getCampaignResultsFn, getProductChoicesFn } from './ops-campaigns.functions'

export const campaignListQuery = queryOptions({
  queryKey: ['member', 'ops', 'campaigns'],
  queryFn: async () => unwrap(await getCampaignListFn()),
})

/** One campaign as its editor sees it; read again after every change to it or its flights. */
export const campaignForEditQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'ops', 'campaigns', campaignId],
    queryFn: async () => unwrap(await getCampaignForEditFn({ data: { campaignId } })),
  })

/** The campaign's page as members will see it (it needs a flight). */
export const campaignPreviewQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'ops', 'campaigns', campaignId, 'preview'],
    queryFn: async () => unwrap(await getCampaignPreviewFn({ data: { campaignId } })),
  })

/** The campaign's results, read again every RESULTS_REFRESH_MS while the page is open. */
export const campaignResultsQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'ops', 'campaigns', campaignId, 'results'],
    queryFn: async () => unwrap(await getCampaignResultsFn({ data: { campaignId } })),
    refetchInterval: RESULTS_REFRESH_MS,
  })

/** A product as the editor offers it: whether it has an image yet (publishing needs one). */
export type ProductChoice = { id: string; brand: string; name: string; hasImage: boolean }

/** The products a campaign may test, for the editor's choice (the Products page keeps its own list). */
export const productChoicesQuery = queryOptions({
  queryKey: ['member', 'ops', 'campaigns', 'product-choices'],
  queryFn: async (): Promise<ProductChoice[]> =>
    unwrap(await getProductChoicesFn()).items.map((product) => ({
      id: product.id,
      brand: product.brand,
      name: product.name,
      hasImage: product.images.length > 0,
    })),
})
