import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { ProfileForm } from '~/features/member/profile-form'
import { loadPageData } from '~/upstream/load-page-data'
import { RedirectSearchSchema } from '~/lib/search-params'
import { profileQuery } from '~/lib/member-data/member-data.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/profile')({
  head: () => pageHead(msg`My profile`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, profileQuery, location),
  component: ProfilePage,
})

function ProfilePage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`My profile`} intro={t`Your name, the name other members see, and your date of birth, which some tests ask for.`}>
      <ProfileForm redirect={redirect} />
    </AccountPage>
  )
}
