import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/member/account-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/email')({
  component: EmailPage,
})

function EmailPage() {
  const { t } = useLingui()
  return <AccountPage title={t`E-mail address`} intro={t`Change the e-mail address we write to. A new address is confirmed with a one-time code before we use it.`} />
}
