import { createFileRoute } from '@tanstack/react-router'
import { homeCampaignsQuery } from '~/features/campaigns/campaigns.queries'
import { homeReviewsQuery } from '~/features/reviews/reviews.queries'
import { Home } from '~/pages/home'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_public/')({
  loader: ({ context, location }) =>
    Promise.all([loadPageData(context.queryClient, homeCampaignsQuery, location), loadPageData(context.queryClient, homeReviewsQuery, location)]),
  component: Home,
})
