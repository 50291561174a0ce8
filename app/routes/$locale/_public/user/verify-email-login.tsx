import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailLoginPage } from '~/features/account/verify-email-login-page'

export const Route = createFileRoute('/$locale/_public/user/verify-email-login')({
  staticData: { layout: 'blank' },
  component: VerifyEmailLoginPage,
})
