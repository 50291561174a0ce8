import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/shipments/')({
  component: ShipmentsPage,
})

function ShipmentsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Shipments`} intro={t`The products on their way to you, with carrier and tracking number.`} />
}
