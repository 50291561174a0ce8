/** Reviews per page of the public reviews list. */
export const REVIEWS_PAGE_SIZE = 10

/** The rating filter: reviews with at least this many stars (the member API filters). */
export const MIN_RATINGS = [5, 4, 3, 2, 1] as const

/** The number of pages for `total` items. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
