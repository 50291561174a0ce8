import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { PhoneNumberForm } from '~/features/member/phone-verification'
import { loadPageData } from '~/upstream/load-page-data'
import { RedirectSearchSchema } from '~/lib/search-params'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/phone')({
  head: () => pageHead(msg`Phone number`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, memberInfoQuery, location),
  component: PhonePage,
})

function PhonePage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`Phone number`} intro={t`Add or change your mobile number. A verified number lets you join campaigns that ask for one.`}>
      <PhoneNumberForm redirect={redirect} />
    </AccountPage>
  )
}
