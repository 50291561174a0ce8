import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Gift } from 'lucide-react'
import type { PublicReview } from '#contract/campaigns'
import { ProductImage } from '~/components/catalogue/product-image'
import { formatDate } from '~/lib/date-format'
import { StarRating } from './star-rating'
import { excerpt } from '~/lib/review-texts'
import { useLocale } from '~/lib/locale'

/** The "received the product for free" disclosure every review carries. */
export function FreeProductDisclosure({ receivedForFree }: { receivedForFree: boolean }) {
  return (
    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-verdin">
      <Gift className="size-4 shrink-0" aria-hidden="true" />
      {receivedForFree ? <Trans>The reviewer received this product for free.</Trans> : <Trans>The reviewer bought this product and was reimbursed.</Trans>}
    </p>
  )
}

/** A review in a list: product, rating, title (a link to the whole review), excerpt, author, date, disclosure. */
export function ReviewCard({ review, headingLevel = 2 }: { review: PublicReview; headingLevel?: 2 | 3 | 4 }) {
  const locale = useLocale()
  const { t } = useLingui()
  const Heading = `h${headingLevel}` as const
  const date = formatDate(review.publishedAt)
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-center gap-3">
        {/* Drawn 3.5rem wide (size-14) at every width: the thumbnail, never the display size. */}
        <ProductImage imageUrl={review.imageUrl} alt={t`${review.productName} by ${review.brand}`} className="size-14 shrink-0 rounded-lg" sizes="3.5rem" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{review.productName}</p>
          <p className="truncate text-sm text-muted">{review.brand}</p>
        </div>
      </div>
      <StarRating rating={review.rating} />
      <Heading className="text-lg font-bold text-authentic">
        <Link to="/$locale/reviews/$id" params={{ locale, id: review.id }} className="underline-offset-4 hover:underline">
          {review.title}
        </Link>
      </Heading>
      <p className="flex-1 leading-relaxed text-ink">{excerpt(review.body)}</p>
      <p className="text-sm text-muted">
        <Trans>
          By {review.authorName} on <time dateTime={review.publishedAt}>{date}</time>
        </Trans>
      </p>
      <FreeProductDisclosure receivedForFree={review.receivedForFree} />
    </article>
  )
}
