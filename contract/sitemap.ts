// What the portal's sitemaps are made from: the published campaigns and reviews, each with when it
// last changed. The member API knows the data; the portal knows the addresses.
import * as v from 'valibot'
import { Timestamp } from './common'

/** The sitemap protocol's limit on the addresses of one sitemap file. */
export const SITEMAP_MAX_ADDRESSES = 50_000

/**
 * One sitemap's share of the published reviews, in id order: those after `after` (from the first
 * when null), at most SITEMAP_MAX_ADDRESSES of them, the latest published at `lastmod`.
 */
export const ReviewSitemapSchema = v.strictObject({ after: v.nullable(v.string()), lastmod: Timestamp })
export type ReviewSitemap = v.InferOutput<typeof ReviewSitemapSchema>

/** GET suite/api/public/sitemap: the parts of the sitemap index. */
export const SitemapIndexSchema = v.strictObject({
  /** When a published campaign last changed; null while there is none. */
  campaignsLastmod: v.nullable(Timestamp),
  reviews: v.array(ReviewSitemapSchema),
})
export type SitemapIndex = v.InferOutput<typeof SitemapIndexSchema>

/** GET suite/api/public/sitemap/campaigns: every published campaign (a few hundred at most). */
export const CampaignSitemapSchema = v.strictObject({ items: v.array(v.strictObject({ slug: v.string(), lastmod: Timestamp })) })
export type CampaignSitemap = v.InferOutput<typeof CampaignSitemapSchema>

/** GET suite/api/public/sitemap/reviews?after=…: CSV lines `id,published at`, one sitemap's share. */
export const ReviewSitemapQuerySchema = v.strictObject({ after: v.optional(v.pipe(v.string(), v.uuid('must be a review id'))) })
