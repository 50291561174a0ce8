import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { CategorySchema, Uuid } from '#contract/common'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'
import { REVIEWS_PAGE_SIZE } from './review-filter'

export const ReviewListInputSchema = v.strictObject({
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
  category: v.optional(CategorySchema),
  minRating: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  campaignId: v.optional(Uuid),
  after: v.optional(Uuid),
  before: v.optional(Uuid),
})
export type ReviewListInput = v.InferOutput<typeof ReviewListInputSchema>

/**
 * GET suite/api/public/reviews (public): one page of published reviews, newest first, filtered by
 * campaign, category and minimum rating in the member API (total and average count the filtered ones).
 */
export const listReviewsFn = createServerFn({ method: 'GET' })
  .validator(ReviewListInputSchema)
  .handler(({ data }) =>
    callEndpoint(ENDPOINTS.publicReviews, {
      query: {
        campaignId: data.campaignId,
        category: data.category,
        minRating: data.minRating,
        after: data.after,
        before: data.before,
        page: data.page,
        pageSize: data.pageSize ?? REVIEWS_PAGE_SIZE,
      },
    }),
  )

/** GET suite/api/public/reviews/:id (public): NOT_FOUND for an unknown or unpublished review. */
export const getReviewFn = createServerFn({ method: 'GET' })
  .validator(v.strictObject({ id: v.pipe(v.string(), v.trim(), v.maxLength(100)) }))
  .handler(({ data }) => callEndpoint(ENDPOINTS.publicReview, { params: { id: data.id } }))
