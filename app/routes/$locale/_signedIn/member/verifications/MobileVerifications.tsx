import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/member/account-page'

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/MobileVerifications')({
  component: MobileVerificationPage,
})

function MobileVerificationPage() {
  const { t } = useLingui()
  return <AccountPage title={t`Verify your phone`} intro={t`Confirm your mobile number with the code we sent you by text message.`} />
}
