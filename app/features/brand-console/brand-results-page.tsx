import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CampaignResultsView } from '~/components/results/campaign-results-view'
import { useLocale } from '~/lib/locale'
import { brandCampaignResultsQuery } from './brand-console.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** One of the brand's campaigns, live: the same results staff see, read again every 30 seconds. */
export function BrandResultsPage({ campaignId }: { campaignId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const results = useSuspenseQueryData(brandCampaignResultsQuery(campaignId))
  return (
    <CampaignResultsView
      results={results}
      downloads="/brand-exports"
      back={
        <Link to="/$locale/brand" params={{ locale }} className="font-semibold underline">
          {t`All campaigns`}
        </Link>
      }
    />
  )
}
