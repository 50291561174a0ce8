import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ParticipationsList } from '~/features/participations/participations-list'
import { MemberPage } from '~/components/member/member-page'
import { loadPageData } from '~/upstream/load-page-data'
import { participationsQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/')({
  head: () => pageHead(msg`My campaigns`),
  loader: ({ context, location }) => loadPageData(context.queryClient, participationsQuery, location),
  component: CampaignsPage,
})

function CampaignsPage() {
  const { t } = useLingui()
  return (
    <MemberPage title={t`My campaigns`} intro={t`Every campaign you applied for, and what to do next in each.`}>
      <ParticipationsList />
    </MemberPage>
  )
}
