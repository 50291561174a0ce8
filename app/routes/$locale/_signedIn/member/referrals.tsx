import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { Referrals } from '~/features/member/referrals'
import { myReferralsQuery } from '~/features/member/member.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/referrals')({
  head: () => pageHead(msg`Refer a friend`),
  loader: ({ context, location }) => loadPageData(context.queryClient, myReferralsQuery, location),
  component: ReferralsPage,
})

function ReferralsPage() {
  const { t } = useLingui()
  return (
    <AccountPage title={t`Refer a friend`} intro={t`Invite friends with your referral code. You earn points when they finish their first test.`}>
      <Referrals />
    </AccountPage>
  )
}
