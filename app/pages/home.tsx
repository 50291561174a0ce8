import { CurrentCampaigns } from '~/features/campaigns/current-campaigns'
import { HomePage } from '~/features/content/home-page'
import { LatestReviews } from '~/features/reviews/latest-reviews'

/** The home page, with the live lists of the campaigns and reviews features (served at `/` and `/{locale}`). */
export function Home() {
  return <HomePage campaigns={<CurrentCampaigns />} reviews={<LatestReviews />} />
}
