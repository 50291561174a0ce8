import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CampaignDetail } from '#contract/campaigns'
import { useLocale } from '~/lib/locale'
import { campaignForEditQuery, campaignPreviewQuery } from './ops-campaigns.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * Campaign managers: the campaign's page exactly as members will see it, under a banner saying who
 * sees it now. It shows the flights' dates and places, so it waits for a first flight.
 */
export function CampaignPreviewPage({ campaignId, page }: { campaignId: string; page: (campaign: CampaignDetail) => ReactNode }) {
  const { t } = useLingui()
  const locale = useLocale()
  const campaign = useSuspenseQueryData(campaignForEditQuery(campaignId))
  const banner =
    campaign.status === 'draft'
      ? t`Preview: members do not see this draft yet.`
      : campaign.status === 'published'
        ? t`Preview: this campaign is published, and members see this page.`
        : t`Preview: this campaign is archived. It is off the public lists; its page stays for links to it.`
  return (
    <div className="flex flex-col gap-2">
      <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-l-4 border-colbolt bg-[#eaf0fb] p-4 text-[#1a3366]">
        <p className="font-semibold">{banner}</p>
        <Link to="/$locale/ops/campaigns/$campaignId" params={{ locale, campaignId }} className="font-semibold underline">
          {t`Back to the editor`}
        </Link>
      </div>
      {campaign.flights.length === 0 ? (
        <div className="py-6">
          <h1 className="text-3xl font-bold text-authentic">{campaign.title}</h1>
          <p className="mt-3 text-ink">
            {t`The campaign's page shows the dates and places of its flights, and this campaign has none yet. Add a flight in the editor, then preview it.`}
          </p>
        </div>
      ) : (
        <PreviewedPage campaignId={campaignId} page={page} />
      )}
    </div>
  )
}

/** The public campaign page's own view, as the route puts it in. */
function PreviewedPage({ campaignId, page }: { campaignId: string; page: (campaign: CampaignDetail) => ReactNode }) {
  const preview = useSuspenseQueryData(campaignPreviewQuery(campaignId))
  return page(preview)
}
