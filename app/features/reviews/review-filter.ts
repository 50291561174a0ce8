// The reviews list's filters and paging, apart from its page: the route's loader (in the first
// script every page loads) needs them, and importing the page's module would carry the page along.
import type { Category } from '#contract/common'

/** Reviews per page of the public reviews list. */
export const REVIEWS_PAGE_SIZE = 10

/** The rating filter: reviews with at least this many stars (the member API filters). */
export const MIN_RATINGS = [5, 4, 3, 2, 1] as const

/** The number of pages for `total` items. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export type ReviewsSearch = {
  page?: number | undefined
  category?: Category | undefined
  rating?: number | undefined
  /** The review the page follows or precedes (the list's cursors): deep pages are read from there. */
  after?: string | undefined
  before?: string | undefined
}

/** What the list asks the member API for, from the page's address. */
export function reviewListInput(search: ReviewsSearch) {
  return { page: search.page ?? 1, category: search.category, minRating: search.rating, after: search.after, before: search.before }
}
