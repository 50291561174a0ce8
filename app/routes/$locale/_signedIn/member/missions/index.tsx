import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/missions/')({
  component: MissionsPage,
})

function MissionsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Missions`} intro={t`Complete missions to earn points, then redeem your points for rewards.`} />
}
