import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, ArrowRight } from 'lucide-react'
import { ProductImage } from '~/components/catalogue/product-image'
import { publicReviewPhotoSrc } from '~/components/catalogue/review-photo-src'
import { formatDate } from '~/lib/date-format'
import { reviewQuery } from '~/features/reviews/reviews.queries'
import { FreeProductDisclosure } from '~/components/catalogue/review-card'
import { StarRating } from '~/components/catalogue/star-rating'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

function BackToReviews() {
  const locale = useLocale()
  return (
    <Link to="/$locale/reviews" params={{ locale }} className="inline-flex items-center gap-1.5 font-semibold text-colbolt underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      <Trans>All reviews</Trans>
    </Link>
  )
}

/** One published review in full, and the product it is about. */
export function ReviewDetail({ id }: { id: string }) {
  const locale = useLocale()
  const { t } = useLingui()
  const review = useSuspenseQueryData(reviewQuery(id))

  const paragraphs = review.body.split(/\n{2,}|\r\n\r\n/).filter((p) => p.trim() !== '')
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_18rem]">
      <article className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <BackToReviews />
        <div className="mt-6">
          <StarRating rating={review.rating} />
        </div>
        <h1 className="mt-3 text-3xl font-bold text-authentic">{review.title}</h1>
        <p className="mt-2 text-muted">
          <Trans>
            By {review.authorName} on <time dateTime={review.publishedAt}>{formatDate(review.publishedAt)}</time>, about {review.productName}
          </Trans>
        </p>
        <div className="mt-6 space-y-4 leading-relaxed whitespace-pre-line text-ink">
          {paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {review.photos.length > 0 && (
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t`Photos from ${review.authorName}`} data-testid="review-photos">
            {review.photos.map((photo) => (
              <li key={photo.id}>
                {/* The thumbnail opens the photo at its full size; the link is named by the photo's description. */}
                <a href={publicReviewPhotoSrc(photo.id, 'display')} className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2">
                  <img
                    src={publicReviewPhotoSrc(photo.id, 'thumb')}
                    alt={photo.alt}
                    loading="lazy"
                    width={400}
                    height={400}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 border-t border-line pt-4">
          <FreeProductDisclosure receivedForFree={review.receivedForFree} />
        </div>
      </article>
      <aside aria-labelledby="review-product" className="h-fit rounded-2xl border border-line bg-white p-6 shadow-sm">
        <h2 id="review-product" className="text-lg font-bold text-authentic">
          <Trans>The product</Trans>
        </h2>
        <ProductImage imageUrl={review.imageUrl} alt={t`${review.productName} by ${review.brand}`} className="mt-4 aspect-square w-full rounded-xl" eager />
        <p className="mt-4 font-semibold text-ink">{review.productName}</p>
        <p className="text-muted">{review.brand}</p>
        <Link
          to="/$locale/campaign-details"
          params={{ locale }}
          search={{ campaign: review.campaignSlug }}
          className="mt-4 inline-flex items-center gap-1.5 font-semibold text-colbolt underline-offset-4 hover:underline"
        >
          <Trans>About this product test</Trans>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </aside>
    </div>
  )
}
