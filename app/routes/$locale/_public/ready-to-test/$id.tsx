import { createFileRoute } from '@tanstack/react-router'
import { campaignHead, loadCampaignPage } from '~/features/campaigns/campaign-loader'
import { CampaignView } from '~/features/campaigns/campaign-view'
import { CampaignReviews } from '~/features/reviews/campaign-reviews'

export const Route = createFileRoute('/$locale/_public/ready-to-test/$id')({
  loader: ({ context, params, location }) => loadCampaignPage(context.queryClient, params.id, location),
  head: ({ match, params }) => campaignHead(match.context.queryClient, params.id),
  component: CampaignPage,
})

function CampaignPage() {
  const { id } = Route.useParams()
  return <CampaignView idOrSlug={id} reviews={(campaign) => <CampaignReviews campaign={campaign} />} />
}
