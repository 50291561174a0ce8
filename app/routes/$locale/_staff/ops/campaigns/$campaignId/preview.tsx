import { createFileRoute } from '@tanstack/react-router'
import { CampaignPreview } from '~/features/campaigns/campaign-view'
import { CampaignPreviewPage } from '~/features/ops-campaigns/campaign-preview-page'
import { CampaignReviews } from '~/features/reviews/campaign-reviews'
import { msg } from '@lingui/core/macro'
import { consoleHead } from '~/lib/page-head'

/** The campaign's page as members will see it, whatever its status: the public page's view, where nothing acts. */
export const Route = createFileRoute('/$locale/_staff/ops/campaigns/$campaignId/preview')({
  staticData: { consolePage: { capability: 'campaigns:edit' } },
  loader: async ({ context, params, location }) => {
    if (!context.mayOpen) return
    const { loadCampaignPreview } = await import('~/features/ops-campaigns/campaigns-loader')
    return loadCampaignPreview(context.queryClient, params.campaignId, location)
  },
  head: ({ loaderData }) => {
    const campaign = loaderData?.subject
    return consoleHead(campaign ? msg`Preview of ${campaign}` : msg`Campaign preview`)
  },
  component: CampaignPreviewRoute,
})

function CampaignPreviewRoute() {
  const { campaignId } = Route.useParams()
  return (
    <CampaignPreviewPage
      campaignId={campaignId}
      page={(campaign) => <CampaignPreview campaign={campaign} reviews={(detail) => <CampaignReviews campaign={detail} />} />}
    />
  )
}
