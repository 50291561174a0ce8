import { queryOptions } from '@tanstack/react-query'
import { isUuid } from '#contract/common'
import { PUBLIC_REVIEW_PATH } from '#contract/paths'
import { getReviewFn, listReviewsFn, type ReviewListInput } from '~/features/reviews/reviews.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Published reviews are public: they live under ['reviews']. */
export const reviewListQuery = (input: ReviewListInput) =>
  queryOptions({
    queryKey: ['reviews', 'list', input],
    queryFn: async () => unwrap(await listReviewsFn({ data: input })),
  })

/** A campaign's three latest reviews, as its page shows them. */
export const latestCampaignReviewsQuery = (campaignId: string) => reviewListQuery({ page: 1, pageSize: 3, campaignId })

/** The home page's latest reviews. */
export const homeReviewsQuery = reviewListQuery({ page: 1, pageSize: 3 })

/** Review ids are UUIDs: any other address is simply not found (the 404 page), not a failed call. */
const notFound = { ok: false, failure: { kind: 'not-found', path: PUBLIC_REVIEW_PATH } } as const

export const reviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['reviews', 'detail', id],
    queryFn: async () => unwrap(isUuid(id) ? await getReviewFn({ data: { id } }) : notFound),
  })
