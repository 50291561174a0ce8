import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { VerifyEmailPage } from '~/features/account/verify-email-page'

export const Route = createFileRoute('/$locale/_public/user/verify-email')({
  staticData: { layout: 'auth' },
  validateSearch: v.object({ mode: v.optional(v.string()), oobCode: v.optional(v.string()) }),
  component: VerifyEmailRoute,
})

function VerifyEmailRoute() {
  const { mode, oobCode } = Route.useSearch()
  return <VerifyEmailPage mode={mode} oobCode={oobCode} />
}
