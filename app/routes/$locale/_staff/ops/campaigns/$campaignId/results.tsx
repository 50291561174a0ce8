import { createFileRoute } from '@tanstack/react-router'
import { CampaignResultsPage } from '~/features/ops-campaigns/campaign-results-page'
import { msg } from '@lingui/core/macro'
import { consoleHead } from '~/lib/page-head'

/** A campaign's results, live: each flight's funnel, ratings, answers and testers in aggregate, social reach. */
export const Route = createFileRoute('/$locale/_staff/ops/campaigns/$campaignId/results')({
  staticData: { consolePage: { capability: 'campaigns:edit' } },
  loader: async ({ context, params, location }) => {
    if (!context.mayOpen) return
    const { loadCampaignResults } = await import('~/features/ops-campaigns/campaigns-loader')
    return loadCampaignResults(context.queryClient, params.campaignId, location)
  },
  head: ({ loaderData }) => {
    const campaign = loaderData?.subject
    return consoleHead(campaign ? msg`Results of ${campaign}` : msg`Campaign results`)
  },
  component: CampaignResultsRoute,
})

function CampaignResultsRoute() {
  const { campaignId } = Route.useParams()
  return <CampaignResultsPage campaignId={campaignId} />
}
