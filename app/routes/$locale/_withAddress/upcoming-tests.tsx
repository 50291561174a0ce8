import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_withAddress/upcoming-tests')({
  staticData: { lightHeader: true },
  component: UpcomingTestsPage,
})

function UpcomingTestsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Upcoming tests`} intro={t`Campaigns opening soon. Check back when applications open.`} />
}
