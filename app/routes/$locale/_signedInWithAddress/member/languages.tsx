import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { LanguagesForm } from '~/features/member/languages-form'
import { RedirectSearchSchema } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { profileQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/languages')({
  head: () => pageHead(msg`Languages`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, profileQuery, location),
  component: LanguagesPage,
})

function LanguagesPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`Languages`} intro={t`The languages you can read product instructions in and write your reviews in.`}>
      <LanguagesForm redirect={redirect} />
    </AccountPage>
  )
}
