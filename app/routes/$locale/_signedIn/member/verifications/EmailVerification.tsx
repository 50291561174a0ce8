import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { EmailVerificationPage } from '~/features/account/email-verification-page'

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/EmailVerification')({
  validateSearch: v.object({ redirect: v.optional(v.fallback(v.string(), '')) }),
  component: EmailVerificationRoute,
})

function EmailVerificationRoute() {
  const { redirect } = Route.useSearch()
  return <EmailVerificationPage redirect={redirect || undefined} />
}
