import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { SocialAccounts } from '~/features/member/social-accounts'
import { socialProfilesQuery } from '~/features/member/member.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { RedirectSearchSchema } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/social-accounts')({
  head: () => pageHead(msg`Social accounts`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, socialProfilesQuery, location),
  component: SocialAccountsPage,
})

function SocialAccountsPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  return (
    <AccountPage title={t`Social accounts`} intro={t`Connect the social profiles you post from. Some campaigns look for testers with an audience.`}>
      <SocialAccounts redirect={redirect} />
    </AccountPage>
  )
}
