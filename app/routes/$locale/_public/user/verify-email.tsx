import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/_public/user/verify-email')({
  staticData: { layout: 'auth' },
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-authentic">{t`Verify your e-mail`}</h1>
      <p className="mt-3 text-muted">{t`We are confirming your e-mail address with the link we sent you.`}</p>
    </div>
  )
}
