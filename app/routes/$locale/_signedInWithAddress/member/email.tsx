import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/member/account-page'
import { EmailChange } from '~/features/member/email-change'
import { RedirectSearchSchema } from '~/lib/search-params'
import { memberInfoQuery } from '~/queries/member'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/email')({
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
