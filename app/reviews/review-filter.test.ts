import { describe, expect, it } from 'vitest'
import type { PublicReview } from '#contract/campaigns'
import { filteredReviewPage, pageCount } from './review-filter'

const review = (id: string, rating: number, day: number): PublicReview => ({
  id,
  campaignId: 'c',
  campaignSlug: 'slug',
  productId: 'p',
  productName: 'Product',
  brand: 'Brand',
  imageUrl: '',
  rating,
  title: `Review ${id}`,
  body: 'Body',
  photos: [],
  authorName: 'Sam',
  receivedForFree: true,
  publishedAt: new Date(Date.UTC(2025, 0, day)).toISOString(),
})

describe('the filtered reviews page', () => {
  const all = [review('a', 5, 1), review('b', 3, 2), review('c', 4, 3), review('d', 2, 4), review('e', 4, 5)]

  it('keeps reviews with at least the chosen stars, newest first, and pages them', () => {
    const first = filteredReviewPage(all, { minRating: 4, page: 1, pageSize: 2 })
    expect(first.items.map((r) => r.id)).toEqual(['e', 'c'])
    expect(first.total).toBe(3)
    expect(first.averageRating).toBe(4.3)
    expect(filteredReviewPage(all, { minRating: 4, page: 2, pageSize: 2 }).items.map((r) => r.id)).toEqual(['a'])
  })

  it('without a rating keeps every review; beyond the last page is empty', () => {
    expect(filteredReviewPage(all, { page: 1, pageSize: 10 }).total).toBe(5)
    expect(filteredReviewPage(all, { page: 9, pageSize: 10 }).items).toEqual([])
    expect(filteredReviewPage([], { minRating: 5, page: 1, pageSize: 10 }).averageRating).toBeNull()
  })

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
  })
})
