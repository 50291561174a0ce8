import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { RegisterForm } from '~/features/account/register-form'
import { optionalText } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_guest/user/register')({
  head: () => pageHead(msg`Create your account`),
  staticData: { layout: 'blank' },
  // redirect: where to go once the e-mail is verified (a campaign the visitor wanted to apply to,
  // say); ref: the referral code of the friend whose invitation link brought them here.
  validateSearch: v.object({ redirect: optionalText, ref: optionalText }),
  component: RegisterPage,
})

function RegisterPage() {
  const { redirect, ref } = Route.useSearch()
  return <RegisterForm redirect={redirect || undefined} referralCode={ref && /^[A-Za-z0-9]{4,16}$/.test(ref) ? ref.toUpperCase() : undefined} />
}
