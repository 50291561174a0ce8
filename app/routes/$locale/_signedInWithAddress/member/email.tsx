import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { EmailChange } from '~/features/member/email-change'
import { RedirectSearchSchema } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/email')({
  head: () => pageHead(msg`E-mail address`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, memberInfoQuery, location),
  component: EmailPage,
})

function EmailPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`E-mail address`} intro={t`Change the e-mail address we write to. A new address is confirmed with a one-time code before we use it.`}>
      <EmailChange redirect={redirect || undefined} />
    </AccountPage>
  )
}
