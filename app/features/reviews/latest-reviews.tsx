import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ReviewCard } from '~/components/catalogue/review-card'
import { homeReviewsQuery } from './reviews.queries'

/** The home page's latest published reviews. */
export function LatestReviews() {
  const { t } = useLingui()
  const { data, isPending, isError } = useQuery(homeReviewsQuery)
  if (isPending) return <p className="text-ink">{t`Loading reviews…`}</p>
  if (isError) return <p className="rounded-xl bg-white p-5 text-ink">{t`We could not load the latest reviews just now. Please try again in a moment.`}</p>
  if (data.items.length === 0) {
    return (
      <p className="rounded-xl bg-white p-5 text-ink">
        <Trans>No reviews are published yet: the first testers are trying their products right now.</Trans>
      </p>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {data.items.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} headingLevel={4} />
        </li>
      ))}
    </ul>
  )
}
