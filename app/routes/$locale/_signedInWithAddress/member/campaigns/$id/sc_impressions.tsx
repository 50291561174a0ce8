import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { currentParticipation, hasTasks } from '~/lib/current-participation'
import { MemberPage } from '~/components/member/member-page'
import { SocialContent } from '~/features/social/social-content'
import { loadPageData } from '~/upstream/load-page-data'
import { campaignParticipationsQuery } from '~/lib/member-data/member-data.queries'
import { socialPostsQuery } from '~/features/social/social.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/$id/sc_impressions')({
  head: () => pageHead(msg`Social posts and impressions`),
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
