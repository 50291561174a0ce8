import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { BrandCampaignList } from '#contract/brands'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { formatDate } from '~/lib/date-format'
import { useLocale } from '~/lib/locale'
import { brandCampaignsQuery } from './brand-console.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

type Row = BrandCampaignList['items'][number]

/** A brand's campaigns (drafts aside), each opening its live results. */
export function BrandCampaignsPage() {
  const { t } = useLingui()
  const locale = useLocale()
  const data = useSuspenseQueryData(brandCampaignsQuery)
  const brand = data.brand.name
  const columns: OpsColumn<Row>[] = [
    {
      id: 'campaign',
      header: t`Campaign`,
      cell: ({ row }) => (
        <Link to="/$locale/brand/campaigns/$campaignId" params={{ locale, campaignId: row.original.id }} className="font-semibold text-colbolt underline">
          {row.original.title}
        </Link>
      ),
    },
    { id: 'product', header: t`Product`, cell: ({ row }) => row.original.productName },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => (row.original.status === 'archived' ? t`Ended and archived` : t`Running or scheduled`),
    },
    {
      id: 'dates',
      header: t`Applications open – reviews due`,
      cell: ({ row }) => {
        const { startsAt, endsAt } = row.original
        if (!startsAt || !endsAt) return t`No dates yet`
        const from = formatDate(startsAt)
        const to = formatDate(endsAt)
        return t`${from} – ${to}`
      },
    },
  ]
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`${brand}'s campaigns`}</h1>
        <p className="mt-2 text-ink">{t`Open a campaign to follow it live: its funnel, ratings and reviews, and the reviews to download.`}</p>
      </div>
      <DataTable
        caption={t`${brand}'s campaigns`}
        columns={columns}
        rows={data.items}
        rowId={(row) => row.id}
        empty={t`No campaign of ${brand} has been published yet.`}
      />
    </div>
  )
}
