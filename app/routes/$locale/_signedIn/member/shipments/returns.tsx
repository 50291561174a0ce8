import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'
import { ReturnsPanel } from '~/features/shipments/returns-panel'
import { shipmentsQuery } from '~/queries/shipments'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedIn/member/shipments/returns')({
  loader: ({ context, location }) => loadPageData(context.queryClient, shipmentsQuery, location),
  component: ReturnsPage,
})

function ReturnsPage() {
  const { t } = useLingui()
  return (
    <MemberPage title={t`Returns`} intro={t`Request a return where a campaign allows it, and follow its progress.`}>
      <ReturnsPanel />
    </MemberPage>
  )
}
