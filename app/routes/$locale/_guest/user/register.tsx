import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/_guest/user/register')({
  staticData: { layout: 'blank' },
  component: RegisterPage,
})

function RegisterPage() {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-authentic">{t`Join Testers Circle`}</h1>
      <p className="mt-3 text-muted">{t`Create your free account to apply for product tests.`}</p>
    </div>
  )
}
