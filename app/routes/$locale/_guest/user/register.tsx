import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { RegisterForm } from '~/features/account/register-form'

export const Route = createFileRoute('/$locale/_guest/user/register')({
  staticData: { layout: 'blank' },
  // Where to go once the e-mail is verified (a campaign the visitor wanted to apply to, say).
  validateSearch: v.object({ redirect: v.optional(v.fallback(v.string(), '')) }),
  component: RegisterPage,
})

function RegisterPage() {
  const { redirect } = Route.useSearch()
  return <RegisterForm redirect={redirect || undefined} />
}
