import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/_public/user/verify-email-login')({
  staticData: { layout: 'blank' },
  component: VerifyEmailLoginPage,
})

function VerifyEmailLoginPage() {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-authentic">{t`Signing you in`}</h1>
      <p className="mt-3 text-muted">{t`We are checking the sign-in link from your e-mail.`}</p>
    </div>
  )
}
