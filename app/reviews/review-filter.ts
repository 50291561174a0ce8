import type { PublicReview, ReviewPage } from '#contract/campaigns'

/** Reviews per page of the public reviews list. */
export const REVIEWS_PAGE_SIZE = 10

/** The rating filter: reviews with at least this many stars. */
export const MIN_RATINGS = [5, 4, 3, 2, 1] as const

/**
 * One page of the reviews that pass the filters, from every published review of the candidate
 * campaigns (newest first). The member API pages reviews but filters them only by campaign and
 * product, so the portal filters by rating and category itself (see reviews.functions.ts).
 */
export function filteredReviewPage(reviews: readonly PublicReview[], filter: { minRating?: number | undefined; page: number; pageSize: number }): ReviewPage {
  const kept = reviews
    .filter((review) => filter.minRating === undefined || review.rating >= filter.minRating)
    .toSorted((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id))
  const start = (filter.page - 1) * filter.pageSize
  const average = kept.length === 0 ? null : Math.round((kept.reduce((sum, r) => sum + r.rating, 0) / kept.length) * 10) / 10
  return { items: kept.slice(start, start + filter.pageSize), page: filter.page, pageSize: filter.pageSize, total: kept.length, averageRating: average }
}

/** The number of pages for `total` items. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
