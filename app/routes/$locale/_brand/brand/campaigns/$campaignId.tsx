import { createFileRoute } from '@tanstack/react-router'
import { BrandResultsPage } from '~/features/brand-console/brand-results-page'
import { msg } from '@lingui/core/macro'
import { brandHead } from '~/lib/page-head'

/** One of the brand's campaigns, live: funnel, ratings, answers and testers in aggregate, social reach, the reviews to download. */
export const Route = createFileRoute('/$locale/_brand/brand/campaigns/$campaignId')({
  loader: async ({ context, params, location }) => {
    if (!context.brand) return
    const { loadBrandCampaignResults } = await import('~/features/brand-console/brand-loader')
    return loadBrandCampaignResults(context.queryClient, params.campaignId, location)
  },
  head: ({ loaderData }) => {
    const campaign = loaderData?.subject
    return brandHead(campaign ? msg`Results of ${campaign}` : msg`Campaign results`)
  },
  component: BrandResultsRoute,
})

function BrandResultsRoute() {
  const { campaignId } = Route.useParams()
  return <BrandResultsPage campaignId={campaignId} />
}
