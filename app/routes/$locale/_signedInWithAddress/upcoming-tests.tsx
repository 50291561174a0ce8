import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { BoardTabs, CampaignBoard } from '~/features/campaigns/campaign-board'
import { MemberPage } from '~/components/member/member-page'
import { campaignBoardQuery, eligibilityQuery } from '~/features/campaigns/campaigns.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { participationsQuery } from '~/lib/member-data/member-data.queries'
import { loadCategoryNames, namesCategories } from '~/lib/categories/categories.queries'
import { localePath, useLocale } from '~/lib/locale'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/upcoming-tests')({
  head: () => pageHead(msg`Upcoming tests`),
  staticData: { lightHeader: true },
  loader: ({ context, location }) =>
    Promise.all([
      loadPageData(context.queryClient, campaignBoardQuery('upcoming'), location),
      // The reasons a member cannot apply may name categories.
      loadPageData(context.queryClient, eligibilityQuery, location).then((items) =>
        loadCategoryNames(
          context.queryClient,
          location,
          items.some((item) => namesCategories(item.reasons)),
        ),
      ),
      loadPageData(context.queryClient, participationsQuery, location),
    ]),
  component: UpcomingTestsPage,
})

function UpcomingTestsPage() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <MemberPage title={t`Upcoming tests`} intro={t`Campaigns opening soon, and whether you will be able to apply. Check back when applications open.`}>
      <BoardTabs current="upcoming" />
      <CampaignBoard phase="upcoming" back={localePath('/upcoming-tests', locale)} />
    </MemberPage>
  )
}
