import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/shipments/returns')({
  component: ReturnsPage,
})

function ReturnsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Returns`} intro={t`Request a return where a campaign allows it, and follow its progress.`} />
}
