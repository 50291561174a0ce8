import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/_public/user/verify-phone')({
  staticData: { layout: 'auth' },
  component: VerifyPhonePage,
})

function VerifyPhonePage() {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-authentic">{t`Verify your phone`}</h1>
      <p className="mt-3 text-muted">{t`Confirm your mobile number with the code we sent you by text message.`}</p>
    </div>
  )
}
