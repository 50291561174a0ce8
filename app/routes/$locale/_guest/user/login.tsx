import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LoginForm } from '~/features/account/login-form'

export const Route = createFileRoute('/$locale/_guest/user/login')({
  staticData: { layout: 'blank' },
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  return <LoginForm redirect={redirect} />
}
