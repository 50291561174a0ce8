import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ParticipationDetail } from '~/features/participations/participation-detail'
import { currentParticipation } from '~/lib/participation-steps'
import { MemberPage } from '~/components/member/member-page'
import { loadPageData } from '~/upstream/load-page-data'
import { campaignParticipationsQuery } from '~/lib/member-data/member-data.queries'
import { loadCategoryNames, namesCategories } from '~/lib/categories/categories.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/$id/')({
  loader: async ({ context, location, params }) => {
    const participations = await loadPageData(context.queryClient, campaignParticipationsQuery(params.id), location)
    // The reasons a member could not take part may name categories.
    await loadCategoryNames(
      context.queryClient,
      location,
      participations.items.some((p) => namesCategories(p.ineligibleReasons)),
    )
    return { subject: participations.items[0]?.campaign.title }
  },
  head: ({ loaderData }) => {
    const campaign = loaderData?.subject
    return pageHead(campaign ? msg`${campaign} — my participation` : msg`My participation`)
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
