// What public pages tell search engines in schema.org terms (JSON-LD), typed with schema-dts. Every
// review here was written by a member who received the product for free: nothing below presents a
// review otherwise (no purchase, no "verified buyer"), and the page itself keeps the disclosure.
// The router writes each object into a <script type="application/ld+json"> with <, > and &
// escaped as JSON escapes, so no text from a member can end the element or start markup.
import type { BreadcrumbList, Organization, Product, Review, WebSite, WithContext } from 'schema-dts'
import type { CampaignDetail, PublicReview } from '#contract/campaigns'
import { productImageSrc } from '~/components/catalogue/product-image-src'

const SITE_NAME = 'Testers Circle'

const publisher = (origin: string) => ({ '@type': 'Organization', name: SITE_NAME, url: `${origin}/en` }) satisfies Organization

const absolute = (origin: string, path: string | null) => (path ? `${origin}${path}` : undefined)

type Identifiers = { gtin: string | null; mpn: string | null; sku: string | null }

/** The brand's identifiers of a product, where it gave them: how search engines tell it from others. */
const identifiersOf = (product: Identifiers) => ({
  ...(product.gtin && { gtin: product.gtin }),
  ...(product.mpn && { mpn: product.mpn }),
  ...(product.sku && { sku: product.sku }),
})

/**
 * A review as search engines read one: a rated Review of a Product (with the product's
 * identifiers on the review's own page), by its author as the page names them.
 */
export function reviewData(origin: string, review: PublicReview, identifiers?: Identifiers): WithContext<Review> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Review',
    url: `${origin}/en/reviews/${review.id}`,
    name: review.title,
    reviewBody: review.body,
    datePublished: review.publishedAt,
    author: { '@type': 'Person', name: review.authorName },
    publisher: publisher(origin),
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    itemReviewed: {
      '@type': 'Product',
      name: review.productName,
      brand: { '@type': 'Brand', name: review.brand },
      image: absolute(origin, productImageSrc(review.imageUrl)),
      ...(identifiers && identifiersOf(identifiers)),
    },
  }
}

/** A campaign's product, with the rating of its published reviews and the latest of them. */
export function campaignProductData(origin: string, campaign: CampaignDetail, latest: readonly PublicReview[]): WithContext<Product> {
  const images = campaign.product.images.map((image) => absolute(origin, productImageSrc(image.url))).filter((url) => url !== undefined)
  const rated = campaign.reviewCount > 0 && campaign.averageRating !== null
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: campaign.product.name,
    description: campaign.summary,
    brand: { '@type': 'Brand', name: campaign.product.brand },
    ...identifiersOf(campaign.product),
    url: `${origin}/en/ready-to-test/${encodeURIComponent(campaign.slug)}`,
    ...(images.length > 0 && { image: images }),
    ...(rated && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: campaign.averageRating!, reviewCount: campaign.reviewCount, bestRating: 5, worstRating: 1 },
      review: latest.map((review) => {
        const { '@context': _context, itemReviewed: _product, ...rest } = reviewData(origin, review)
        return rest
      }),
    }),
  }
}

/** Where a page sits: its trail from the home page, each step with its address. */
export function breadcrumbData(origin: string, trail: ReadonlyArray<{ name: string; path: string }>): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: `${origin}${step.path}` })),
  }
}

/** The home page: who runs the site, and the site. */
export function homeData(origin: string): [WithContext<Organization>, WithContext<WebSite>] {
  return [
    { '@context': 'https://schema.org', ...publisher(origin) },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${origin}/en` },
  ]
}
