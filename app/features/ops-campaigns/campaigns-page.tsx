import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { OpsCampaignList } from '#contract/ops-applicants'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { useLocale } from '~/lib/locale'
import { unwrap } from '~/upstream/upstream-result'
import { statusLabel } from './campaign-labels'
import { setCampaignStatusFn } from './ops-campaigns.functions'
import { campaignListQuery } from './ops-campaigns.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

type Campaign = OpsCampaignList['items'][number]

/** Campaign managers: every campaign with its lifecycle; a new one, the editor of each, publish a draft, archive a finished one. */
export function CampaignsPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const data = useSuspenseQueryData(campaignListQuery)
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: async ({ campaign, status }: { campaign: Campaign; status: 'published' | 'archived' }) =>
      unwrap(await setCampaignStatusFn({ data: { campaignId: campaign.id, change: { status } } })),
    // A refusal (what is missing before publishing) is the catalogue's dialog; the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', 'ops'] }),
  })

  const act = (campaign: Campaign, status: 'published' | 'archived') => {
    const title = campaign.title
    feedback.confirm({
      header: status === 'published' ? t`Publish this campaign?` : t`Archive this campaign?`,
      message:
        status === 'published'
          ? t`${title} appears on the public pages, and members can sign up while a flight is open.`
          : t`${title} leaves the public lists and takes no more sign-ups. Its records are kept.`,
      acceptLabel: status === 'published' ? t`Publish` : t`Archive`,
      rejectLabel: t`Cancel`,
      closable: true,
      onAccept: async () => {
        const done = await change.mutateAsync({ campaign, status }).then(
          () => true,
          () => false,
        )
        if (done) feedback.toast({ severity: 'success', summary: status === 'published' ? t`Campaign published` : t`Campaign archived`, detail: title })
      },
    })
  }

  const columns: OpsColumn<Campaign>[] = [
    {
      id: 'campaign',
      header: t`Campaign`,
      cell: ({ row }) => (
        <>
          <span className="font-semibold">{row.original.title}</span>
          <span className="block text-muted">{row.original.slug}</span>
        </>
      ),
    },
    { id: 'status', header: t`Status`, cell: ({ row }) => i18n._(statusLabel[row.original.status]) },
    {
      id: 'flights',
      header: t`Flights`,
      cell: ({ row }) => (
        <ul>
          {row.original.flights.map((flight) => (
            <li key={flight.id}>{t`${flight.name}: ${flight.placesTaken} of ${flight.quota} places taken`}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => {
        const campaign = row.original
        const title = campaign.title
        return (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="small" severity="secondary">
              <Link to="/$locale/ops/campaigns/$campaignId" params={{ locale, campaignId: campaign.id }} aria-label={t`Edit ${title}`}>
                {t`Edit`}
              </Link>
            </Button>
            {campaign.status === 'published' ? (
              <Button size="small" severity="secondary" aria-label={t`Archive ${title}`} onClick={() => act(campaign, 'archived')}>
                {t`Archive`}
              </Button>
            ) : (
              <Button size="small" aria-label={t`Publish ${title}`} onClick={() => act(campaign, 'published')}>
                {t`Publish`}
              </Button>
            )}
          </div>
        )
      },
    },
  ]

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-authentic">{t`Campaigns`}</h1>
          <p className="mt-2 text-ink">
            {t`A draft is seen by staff only. Publishing checks that a member has what they need: a product with an image, a flight, a review to write.`}
          </p>
        </div>
        <Button asChild>
          <Link to="/$locale/ops/campaigns/new" params={{ locale }}>
            {t`New campaign`}
          </Link>
        </Button>
      </div>
      <DataTable caption={t`Campaigns and their status`} columns={columns} rows={data.items} rowId={(row) => row.id} empty={t`No campaign yet.`} />
    </div>
  )
}
