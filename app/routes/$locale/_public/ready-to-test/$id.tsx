import { createFileRoute } from '@tanstack/react-router'
import { campaignRouteHead, campaignRouteHeaders, loadCampaignRoute } from '~/pages/campaign-page'
import { CampaignView } from '~/features/campaigns/campaign-view'
import { CampaignReviews } from '~/features/reviews/campaign-reviews'

export const Route = createFileRoute('/$locale/_public/ready-to-test/$id')({
  loader: ({ context, params, location }) => loadCampaignRoute(context.queryClient, params.id, location),
  head: ({ match, params }) => campaignRouteHead(match.context.queryClient, params.id),
  headers: ({ match, params }) => campaignRouteHeaders(match.context.queryClient, params.id),
  component: CampaignPage,
})

function CampaignPage() {
  const { id } = Route.useParams()
  return <CampaignView idOrSlug={id} reviews={(campaign) => <CampaignReviews campaign={campaign} />} />
}
