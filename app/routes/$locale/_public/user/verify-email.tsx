import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { VerifyEmailPage } from '~/features/account/verify-email-page'
import { optionalText } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead, NOT_INDEXED } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/user/verify-email')({
  headers: () => NOT_INDEXED,
  head: () => pageHead(msg`Verify your e-mail`),
  staticData: { layout: 'auth' },
  validateSearch: v.object({ mode: optionalText, oobCode: optionalText }),
  component: VerifyEmailRoute,
})

function VerifyEmailRoute() {
  const { mode, oobCode } = Route.useSearch()
  return <VerifyEmailPage mode={mode} oobCode={oobCode} />
}
