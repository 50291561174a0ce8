import { queryOptions } from '@tanstack/react-query'
import { getRcProductFn } from '~/features/review-writing/review-writing.functions'
import { unwrap } from '~/upstream/upstream-result'

/** The review page's data: product, campaign, the member's participation and review. */
export const rcProductQuery = (productId: string, campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'rc-product', productId, campaignId],
    queryFn: async () => unwrap(await getRcProductFn({ data: { productId, campaignId } })),
  })
