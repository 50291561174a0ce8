import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/components/member/member-page'
import { ShipmentsList } from '~/features/shipments/shipments-list'
import { loadPageData } from '~/upstream/load-page-data'
import { shipmentsQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/shipments/')({
  head: () => pageHead(msg`Shipments`),
  loader: ({ context, location }) => loadPageData(context.queryClient, shipmentsQuery, location),
  component: ShipmentsPage,
})

function ShipmentsPage() {
  const { t } = useLingui()
  return (
    <MemberPage title={t`Shipments`} intro={t`The products on their way to you, with carrier and tracking number.`}>
      <ShipmentsList />
    </MemberPage>
  )
}
