import { queryOptions } from '@tanstack/react-query'
import { getReviewFn, listReviewsFn, type ReviewListInput } from '~/reviews/reviews.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Published reviews are public: they live under ['reviews']. */
export const reviewListQuery = (input: ReviewListInput) =>
  queryOptions({
    queryKey: ['reviews', 'list', input],
    queryFn: async () => unwrap(await listReviewsFn({ data: input })),
  })

export const reviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['reviews', 'detail', id],
    queryFn: async () => unwrap(await getReviewFn({ data: { id } })),
  })
