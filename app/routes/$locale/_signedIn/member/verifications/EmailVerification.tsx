import { createFileRoute } from '@tanstack/react-router'
import { EmailVerificationPage } from '~/features/account/email-verification-page'

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/EmailVerification')({
  component: EmailVerificationPage,
})
