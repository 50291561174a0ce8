import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AddressForm } from '~/features/member/address-form'
import { AccountPage } from '~/components/member/account-page'
import { loadPageData } from '~/upstream/load-page-data'
import { RedirectSearchSchema } from '~/lib/search-params'
import { addressQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/address')({
  head: () => pageHead(msg`Shipping address`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, addressQuery, location),
  component: AddressPage,
})

function AddressPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`Shipping address`} intro={t`The address we send test products to. Many pages need it before you can apply.`}>
      <AddressForm redirect={redirect} />
    </AccountPage>
  )
}
