import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/address')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  component: AddressPage,
})

function AddressPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Shipping address`} intro={t`The address we send test products to. Many pages need it before you can apply.`} />
}
