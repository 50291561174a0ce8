import { createFileRoute } from '@tanstack/react-router'
import { homeCampaignsQuery } from '~/features/campaigns/campaigns.queries'
import { homeReviewsQuery } from '~/features/reviews/reviews.queries'
import { homeHead } from '~/lib/page-head'
import { Home } from '~/pages/home'
import { loadOptionalData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_public/')({
  loader: ({ context, location }) =>
    Promise.all([loadOptionalData(context.queryClient, homeCampaignsQuery, location), loadOptionalData(context.queryClient, homeReviewsQuery, location)]),
  head: ({ match }) => homeHead(match.context.queryClient),
  component: Home,
})
