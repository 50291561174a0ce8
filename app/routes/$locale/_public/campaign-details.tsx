import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { CampaignCard } from '~/components/catalogue/campaign-card'
import { campaignRouteHead, campaignRouteHeaders, loadCampaignRoute } from '~/pages/campaign-page'
import { CampaignView } from '~/features/campaigns/campaign-view'
import { CampaignReviews } from '~/features/reviews/campaign-reviews'
import { MemberPage } from '~/components/member/member-page'
import { campaignListQuery } from '~/features/campaigns/campaigns.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { useLocale } from '~/lib/locale'
import { publicPageHead } from '~/lib/page-head'
import { useSuspenseQueryData } from '~/lib/query-data'

/** `?campaign=<id or slug>`; anything else shows the list of campaigns. */
const SearchSchema = v.object({
  campaign: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/))), undefined),
})

/** Every campaign, open ones first (the catalogue is small). */
const allCampaigns = campaignListQuery({ page: 1, pageSize: 50 })

export const Route = createFileRoute('/$locale/_public/campaign-details')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => ({ campaign: search.campaign }),
  loader: ({ context, deps, location }) =>
    deps.campaign ? loadCampaignRoute(context.queryClient, deps.campaign, location) : loadPageData(context.queryClient, allCampaigns, location),
  head: ({ match }) =>
    match.search.campaign
      ? campaignRouteHead(match.context.queryClient, match.search.campaign)
      : publicPageHead(match.context.queryClient, {
          title: msg`Campaign details`,
          description: msg`Every product test of Testers Circle: the product, what testers do, the dates and who can apply.`,
          canonicalPath: '/en/campaign-details',
        }),
  headers: ({ match }) => (match.search.campaign ? campaignRouteHeaders(match.context.queryClient, match.search.campaign) : undefined),
  component: CampaignDetailsPage,
})

function CampaignDetailsPage() {
  const { campaign } = Route.useSearch()
  return campaign ? <CampaignView idOrSlug={campaign} reviews={(detail) => <CampaignReviews campaign={detail} />} /> : <ChooseCampaign />
}

function ChooseCampaign() {
  const locale = useLocale()
  const { t } = useLingui()
  const data = useSuspenseQueryData(allCampaigns)
  return (
    <MemberPage title={t`Campaign details`} intro={t`Choose a campaign to see the product, what testers do, the dates and who can apply.`}>
      {data.items.length === 0 ? (
        <p className="text-ink">
          <Trans>
            There are no campaigns yet. In the meantime,{' '}
            <Link to="/$locale/how-it-works" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
              read how testing works
            </Link>
            .
          </Trans>
        </p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {data.items.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} link={{ to: '/$locale/campaign-details', params: { locale }, search: { campaign: c.slug } }} />
            </li>
          ))}
        </ul>
      )}
    </MemberPage>
  )
}
