import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/missions/rewards')({
  component: RewardsPage,
})

function RewardsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Rewards`} intro={t`Turn your points into discount codes.`} />
}
