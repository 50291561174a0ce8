import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { PreferencesForm } from '~/features/member/preferences-form'
import { RedirectSearchSchema } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { profileQuery } from '~/lib/member-data/member-data.queries'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/preferences')({
  head: () => pageHead(msg`Preferences`),
  // A campaign's eligibility reasons link here with the way back to the campaign.
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) =>
    Promise.all([loadPageData(context.queryClient, profileQuery, location), loadPageData(context.queryClient, categoriesQuery, location)]),
  component: PreferencesPage,
})

function PreferencesPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`Preferences`} intro={t`Your interests and household, so we can match you with products that fit your life.`}>
      <PreferencesForm redirect={redirect} />
    </AccountPage>
  )
}
