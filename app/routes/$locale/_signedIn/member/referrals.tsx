import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/referrals')({
  component: ReferralsPage,
})

function ReferralsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Refer a friend`} intro={t`Invite friends with your referral code. You earn points when they finish their first test.`} />
}
