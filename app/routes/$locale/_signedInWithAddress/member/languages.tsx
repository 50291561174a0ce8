import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { LanguagesForm } from '~/features/member/languages-form'
import { RedirectSearchSchema } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { profileQuery } from '~/lib/member-data/member-data.queries'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/languages')({
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
