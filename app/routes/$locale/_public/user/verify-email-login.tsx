import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailLoginPage } from '~/features/account/verify-email-login-page'
import { msg } from '@lingui/core/macro'
import { pageHead, NOT_INDEXED } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/user/verify-email-login')({
  headers: () => NOT_INDEXED,
  head: () => pageHead(msg`Sign in with your e-mail link`),
  staticData: { layout: 'blank' },
  component: VerifyEmailLoginPage,
})
