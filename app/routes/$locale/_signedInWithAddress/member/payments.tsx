import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { PayoutSettings } from '~/features/member/payout-form'
import { RedirectSearchSchema } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { profileQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/payments')({
  head: () => pageHead(msg`Payouts`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, profileQuery, location),
  component: PaymentsPage,
})

function PaymentsPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`Payouts`} intro={t`Where we send reimbursements for verified purchases: a PayPal e-mail address or a bank account (IBAN).`}>
      <PayoutSettings redirect={redirect} />
    </AccountPage>
  )
}
