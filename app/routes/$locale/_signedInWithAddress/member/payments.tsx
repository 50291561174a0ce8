import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/payments')({
  component: PaymentsPage,
})

function PaymentsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Payouts`} intro={t`Where we send reimbursements for verified purchases: a PayPal e-mail address or a bank account (IBAN).`} />
}
