import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LoginForm } from '~/features/account/login-form'
import { optionalText } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_guest/user/login')({
  head: () => pageHead(msg`Sign in`),
  staticData: { layout: 'blank' },
  // `expired`: the session ended while a page was being rendered on the server (error catalogue, 401).
  validateSearch: v.object({ redirect: optionalText, expired: v.optional(v.fallback(v.boolean(), false)) }),
  component: LoginPage,
})

function LoginPage() {
  const { redirect, expired } = Route.useSearch()
  return <LoginForm redirect={redirect} sessionExpired={expired === true} />
}
