import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/$id/')({
  component: CampaignPage,
})

function CampaignPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Campaign`} intro={t`Your progress in this campaign: each step from application to review, and the tasks left to do.`} />
}
