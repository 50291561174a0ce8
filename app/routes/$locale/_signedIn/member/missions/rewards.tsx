import { createFileRoute } from '@tanstack/react-router'
import { RewardsPage } from '~/features/rewards/rewards-page'
import { redemptionsQuery, rewardsQuery } from '~/features/rewards/rewards.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/missions/rewards')({
  head: () => pageHead(msg`Rewards`),
  loader: ({ context, location }) =>
    Promise.all([loadPageData(context.queryClient, rewardsQuery, location), loadPageData(context.queryClient, redemptionsQuery, location)]),
  component: RewardsPage,
})
