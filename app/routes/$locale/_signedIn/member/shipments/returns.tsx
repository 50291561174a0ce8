import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/components/member/member-page'
import { ReturnsPanel } from '~/features/shipments/returns-panel'
import { loadPageData } from '~/upstream/load-page-data'
import { shipmentsQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/shipments/returns')({
  head: () => pageHead(msg`Returns`),
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
