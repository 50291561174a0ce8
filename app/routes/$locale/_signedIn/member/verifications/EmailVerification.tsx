import { createFileRoute } from '@tanstack/react-router'
import { EmailVerificationPage } from '~/features/account/email-verification-page'
import { RedirectSearchSchema } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/EmailVerification')({
  head: () => pageHead(msg`E-mail verification`),
  validateSearch: RedirectSearchSchema,
  component: EmailVerificationRoute,
})

function EmailVerificationRoute() {
  const { redirect } = Route.useSearch()
  return <EmailVerificationPage redirect={redirect || undefined} />
}
