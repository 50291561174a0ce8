import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ParticipationDetail } from '~/features/participations/participation-detail'
import { currentParticipation } from '~/lib/participation-steps'
import { MemberPage } from '~/components/member/member-page'
import { loadPageData } from '~/upstream/load-page-data'
import { campaignParticipationsQuery } from '~/lib/member-data/member-data.queries'
import { loadCategoryNames, namesCategories } from '~/lib/categories/categories.queries'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/$id/')({
  loader: async ({ context, location, params }) => {
    const participations = await loadPageData(context.queryClient, campaignParticipationsQuery(params.id), location)
    // The reasons a member could not take part may name categories.
    await loadCategoryNames(
      context.queryClient,
      location,
      participations.items.some((p) => namesCategories(p.ineligibleReasons)),
    )
  },
  component: CampaignPage,
})

function CampaignPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data } = useQuery(campaignParticipationsQuery(id))
  const participation = data ? currentParticipation(data.items) : null
  return (
    <MemberPage
      title={participation?.campaign.title ?? t`Campaign`}
      intro={t`Your progress in this campaign: each step from application to review, and the tasks left to do.`}
    >
      <ParticipationDetail campaignId={id} />
    </MemberPage>
  )
}
