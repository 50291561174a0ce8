import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_public/campaign-details')({
  component: CampaignDetailsPage,
})

function CampaignDetailsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Campaign details`} intro={t`The product, what testers do, the dates and who can apply.`} />
}
