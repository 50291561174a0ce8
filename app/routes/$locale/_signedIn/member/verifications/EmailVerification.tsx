import { createFileRoute } from '@tanstack/react-router'
import { EmailVerificationPage } from '~/features/account/email-verification-page'
import { RedirectSearchSchema } from '~/lib/search-params'

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/EmailVerification')({
  validateSearch: RedirectSearchSchema,
  component: EmailVerificationRoute,
})

function EmailVerificationRoute() {
  const { redirect } = Route.useSearch()
  return <EmailVerificationPage redirect={redirect || undefined} />
}
