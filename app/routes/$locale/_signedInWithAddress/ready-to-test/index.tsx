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

export const Route = createFileRoute('/$locale/_signedInWithAddress/ready-to-test/')({
  head: () => pageHead(msg`Ready to test`),
  staticData: { lightHeader: true },
  loader: ({ context, location }) =>
    Promise.all([
      loadPageData(context.queryClient, campaignBoardQuery('open'), location),
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
  component: ReadyToTestPage,
})

function ReadyToTestPage() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <MemberPage title={t`Ready to test`} intro={t`Campaigns open for applications right now, and whether you can apply to each.`}>
      <BoardTabs current="open" />
      <CampaignBoard phase="open" back={localePath('/ready-to-test', locale)} />
    </MemberPage>
  )
}
