import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { CampaignDetail } from '#contract/campaigns'
import { ReviewCard } from '~/components/catalogue/review-card'
import { StarRating } from '~/components/catalogue/star-rating'
import { FormAlert } from '~/components/ui/field'
import { latestCampaignReviewsQuery } from './reviews.queries'

/** A campaign's reviews on its page: the average and the latest three. */
export function CampaignReviews({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useLingui()
  const { data, isPending, isError } = useQuery(latestCampaignReviewsQuery(campaign.id))
  if (isPending) return <p className="text-ink">{t`Loading reviews…`}</p>
  if (isError) return <FormAlert>{t`We could not load the reviews just now.`}</FormAlert>
  const count = data.total
  return (
    <div className="space-y-4">
      {data.averageRating !== null && (
        <p className="flex flex-wrap items-center gap-2 text-ink">
          <StarRating rating={data.averageRating} />
          <Trans>
            {data.averageRating} out of 5 from {count} reviews
          </Trans>
        </p>
      )}
      <ul className="grid grid-cols-1 gap-4">
        {data.items.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} headingLevel={3} />
          </li>
        ))}
      </ul>
    </div>
  )
}
