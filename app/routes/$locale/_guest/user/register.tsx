import { createFileRoute } from '@tanstack/react-router'
import { RegisterForm } from '~/features/account/register-form'
import { RedirectSearchSchema } from '~/lib/search-params'

export const Route = createFileRoute('/$locale/_guest/user/register')({
  staticData: { layout: 'blank' },
  // Where to go once the e-mail is verified (a campaign the visitor wanted to apply to, say).
  validateSearch: RedirectSearchSchema,
  component: RegisterPage,
})

function RegisterPage() {
  const { redirect } = Route.useSearch()
  return <RegisterForm redirect={redirect || undefined} />
}
