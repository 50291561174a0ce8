import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/')({
  component: CampaignsPage,
})

function CampaignsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`My campaigns`} intro={t`Every campaign you applied for, and what to do next in each.`} />
}
