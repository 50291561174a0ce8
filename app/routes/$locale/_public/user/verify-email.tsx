import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { VerifyEmailPage } from '~/features/account/verify-email-page'
import { optionalText } from '~/lib/search-params'
import { useAddressSecret } from '~/lib/address-secrets'
import { msg } from '@lingui/core/macro'
import { pageHead, NOT_INDEXED } from '~/lib/page-head'

/**
 * Firebase's account e-mails link here (`?mode=…&oobCode=…`): the code leaves the address bar as
 * soon as the page has it, and the page keeps it for this tab (a reload still completes the link).
 */
export const Route = createFileRoute('/$locale/_public/user/verify-email')({
  // The link's code stays out of other sites' logs.
  headers: () => ({ ...NOT_INDEXED, 'Referrer-Policy': 'no-referrer' }),
  head: () => pageHead(msg`Verify your e-mail`),
  staticData: { layout: 'auth' },
  validateSearch: v.object({ mode: optionalText, oobCode: optionalText }),
  component: VerifyEmailRoute,
})

function VerifyEmailRoute() {
  const { mode, oobCode } = Route.useSearch()
  const code = useAddressSecret('oobCode', oobCode)
  return <VerifyEmailPage mode={mode} oobCode={code.value} checking={!code.ready} />
}
