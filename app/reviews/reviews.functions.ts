import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { CampaignPageSchema, PublicReviewSchema, ReviewPageSchema, type PublicReview, type ReviewPage } from '#contract/campaigns'
import { CategorySchema } from '#contract/common'
import { PUBLIC_CAMPAIGNS_PATH, PUBLIC_REVIEWS_PATH, PUBLIC_REVIEW_PATH } from '#contract/paths'
import { callSuite } from '~/upstream/suite-client.server'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { filteredReviewPage, REVIEWS_PAGE_SIZE } from './review-filter'

/** The member API's largest page. */
const UPSTREAM_PAGE_SIZE = 50
/** How many upstream pages a filtered listing reads at most (2,500 reviews per campaign). */
const MAX_UPSTREAM_PAGES = 50

export const ReviewListInputSchema = v.strictObject({
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
  category: v.optional(CategorySchema),
  minRating: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  campaignId: v.optional(v.pipe(v.string(), v.uuid())),
})
export type ReviewListInput = v.InferOutput<typeof ReviewListInputSchema>

/** Every published review of one campaign (or of all campaigns), newest first, page by page. */
async function allReviews(campaignId: string | undefined): Promise<UpstreamResult<PublicReview[]>> {
  const items: PublicReview[] = []
  for (let page = 1; page <= MAX_UPSTREAM_PAGES; page++) {
    const result = await callSuite({ path: PUBLIC_REVIEWS_PATH, query: { campaignId, page, pageSize: UPSTREAM_PAGE_SIZE }, schema: ReviewPageSchema })
    if (!result.ok) return result
    items.push(...result.data.items)
    if (result.data.items.length < UPSTREAM_PAGE_SIZE || items.length >= result.data.total) break
  }
  return { ok: true, data: items }
}

/** The ids of every campaign in a category. */
async function campaignIdsIn(category: v.InferOutput<typeof CategorySchema>): Promise<UpstreamResult<string[]>> {
  const ids: string[] = []
  for (let page = 1; page <= MAX_UPSTREAM_PAGES; page++) {
    const result = await callSuite({ path: PUBLIC_CAMPAIGNS_PATH, query: { category, page, pageSize: UPSTREAM_PAGE_SIZE }, schema: CampaignPageSchema })
    if (!result.ok) return result
    ids.push(...result.data.items.map((c) => c.id))
    if (result.data.items.length < UPSTREAM_PAGE_SIZE || ids.length >= result.data.total) break
  }
  return { ok: true, data: ids }
}

/**
 * GET suite/api/public/reviews (public), with the category and minimum-rating filters of the
 * reviews page. The member API filters only by campaign and product: without those filters a page
 * is one call; with them the portal reads the candidate reviews and pages the filtered list itself.
 */
export const listReviewsFn = createServerFn({ method: 'GET' })
  .validator(ReviewListInputSchema)
  .handler(async ({ data }): Promise<UpstreamResult<ReviewPage>> => {
    const pageSize = data.pageSize ?? REVIEWS_PAGE_SIZE
    if (!data.category && data.minRating === undefined) {
      return callSuite({ path: PUBLIC_REVIEWS_PATH, query: { campaignId: data.campaignId, page: data.page, pageSize }, schema: ReviewPageSchema })
    }
    let campaignIds: Array<string | undefined> = [data.campaignId]
    if (data.category) {
      const inCategory = await campaignIdsIn(data.category)
      if (!inCategory.ok) return inCategory
      campaignIds = data.campaignId ? inCategory.data.filter((id) => id === data.campaignId) : inCategory.data
    }
    const reviews: PublicReview[] = []
    for (const campaignId of campaignIds) {
      const result = await allReviews(campaignId)
      if (!result.ok) return result
      reviews.push(...result.data)
    }
    return { ok: true, data: filteredReviewPage(reviews, { minRating: data.minRating, page: data.page, pageSize }) }
  })

/** GET suite/api/public/reviews/:id (public): NOT_FOUND for an unknown or unpublished review. */
export const getReviewFn = createServerFn({ method: 'GET' })
  .validator(v.strictObject({ id: v.pipe(v.string(), v.trim(), v.maxLength(100)) }))
  .handler(({ data }) => callSuite({ path: PUBLIC_REVIEW_PATH, params: { id: data.id }, schema: PublicReviewSchema }))
