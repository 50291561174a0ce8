import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'

export const Route = createFileRoute('/$locale/_guest/user/login')({
  staticData: { layout: 'blank' },
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-authentic">{t`Sign in`}</h1>
      <p className="mt-3 text-muted">{t`Welcome back. Sign in to see your campaigns, shipments and points.`}</p>
    </div>
  )
}
