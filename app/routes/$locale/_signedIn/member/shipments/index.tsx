import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'
import { ShipmentsList } from '~/features/shipments/shipments-list'
import { shipmentsQuery } from '~/queries/shipments'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedIn/member/shipments/')({
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
