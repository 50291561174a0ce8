import { createFileRoute } from '@tanstack/react-router'
import { MissionsPage } from '~/features/rewards/missions-page'
import { missionsQuery, pointsQuery } from '~/features/rewards/rewards.queries'
import { standingQuery } from '~/features/rewards/standing.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedIn/member/missions/')({
  loader: ({ context, location }) =>
    Promise.all([
      loadPageData(context.queryClient, missionsQuery, location),
      loadPageData(context.queryClient, pointsQuery, location),
      loadPageData(context.queryClient, standingQuery, location),
    ]),
  component: MissionsPage,
})
