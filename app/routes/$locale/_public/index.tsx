import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '~/features/content/home-page'
import { homeCampaignsQuery, homeReviewsQuery } from '~/features/content/home.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_public/')({
  loader: ({ context, location }) =>
    Promise.all([loadPageData(context.queryClient, homeCampaignsQuery, location), loadPageData(context.queryClient, homeReviewsQuery, location)]),
  component: HomePage,
})
