import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_withAddress/ready-to-test/')({
  staticData: { lightHeader: true },
  component: ReadyToTestPage,
})

function ReadyToTestPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Ready to test`} intro={t`Campaigns open for applications right now. Apply for the ones that suit you.`} />
}
