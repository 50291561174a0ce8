import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CampaignResultsView } from '~/components/results/campaign-results-view'
import { useLocale } from '~/lib/locale'
import { campaignResultsQuery } from './ops-campaigns.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Campaign managers and admins: any campaign's results, read again every 30 seconds while the page is open. */
export function CampaignResultsPage({ campaignId }: { campaignId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const results = useSuspenseQueryData(campaignResultsQuery(campaignId))
  return (
    <CampaignResultsView
      results={results}
      downloads="/ops-exports"
      back={
        <Link to="/$locale/ops/campaigns/$campaignId" params={{ locale, campaignId }} className="font-semibold underline">
          {t`Back to the editor`}
        </Link>
      }
    />
  )
}
