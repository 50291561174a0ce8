import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailLoginPage } from '~/features/account/verify-email-login-page'
import { msg } from '@lingui/core/macro'
import { pageHead, NOT_INDEXED } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/user/verify-email-login')({
  // The link's code stays out of other sites' logs until the page has taken it out of the address.
  headers: () => ({ ...NOT_INDEXED, 'Referrer-Policy': 'no-referrer' }),
  head: () => pageHead(msg`Sign in with your e-mail link`),
  staticData: { layout: 'blank' },
  component: VerifyEmailLoginPage,
})
