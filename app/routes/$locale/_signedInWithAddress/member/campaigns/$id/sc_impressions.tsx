import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { currentParticipation, hasTasks } from '~/features/participations/participation-steps'
import { MemberPage } from '~/features/member/member-page'
import { SocialContent } from '~/features/social/social-content'
import { socialPostsQuery } from '~/queries/content'
import { campaignParticipationsQuery } from '~/queries/participations'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/$id/sc_impressions')({
  loader: async ({ context, location, params }) => {
    const list = await loadPageData(context.queryClient, campaignParticipationsQuery(params.id), location)
    const participation = list ? currentParticipation(list.items) : null
    if (participation && hasTasks(participation)) await loadPageData(context.queryClient, socialPostsQuery(participation.id), location)
  },
  component: SocialImpressionsPage,
})

function SocialImpressionsPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  return (
    <MemberPage title={t`Social posts and impressions`} intro={t`Share the links to your posts about this product, then tell us how many people they reached.`}>
      <SocialContent campaignId={id} />
    </MemberPage>
  )
}
