import { createFileRoute } from '@tanstack/react-router'
import { MissionsPage } from '~/features/rewards/missions-page'
import { missionsQuery, pointsQuery } from '~/features/rewards/rewards.queries'
import { standingQuery } from '~/features/rewards/standing.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/missions/')({
  head: () => pageHead(msg`Missions`),
  loader: ({ context, location }) =>
    Promise.all([
      loadPageData(context.queryClient, missionsQuery, location),
      loadPageData(context.queryClient, pointsQuery, location),
      loadPageData(context.queryClient, standingQuery, location),
    ]),
  component: MissionsPage,
})
