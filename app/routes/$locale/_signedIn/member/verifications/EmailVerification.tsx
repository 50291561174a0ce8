import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/EmailVerification')({
  component: EmailVerificationPage,
})

function EmailVerificationPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Verify your e-mail`} intro={t`Confirm your e-mail address with the code we sent you.`} />
}
