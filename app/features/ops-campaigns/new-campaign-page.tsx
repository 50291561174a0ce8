import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { CampaignInput } from '#contract/campaign-authoring'
import { feedback } from '~/components/ui/feedback-store'
import { useLocale } from '~/lib/locale'
import { unwrap } from '~/upstream/upstream-result'
import { CampaignForm, type SelectionModeNoteSlot } from './campaign-form'
import { createCampaignFn } from './ops-campaigns.functions'
import { campaignForEditQuery, campaignListQuery, productChoicesQuery } from './ops-campaigns.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Campaign managers: a new campaign, saved as a draft only staff see; its editor opens next for the flights. */
export function NewCampaignPage({ selectionModeNote }: { selectionModeNote: SelectionModeNoteSlot }) {
  const { t } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const products = useSuspenseQueryData(productChoicesQuery)
  const create = useMutation({
    mutationFn: async (input: CampaignInput) => unwrap(await createCampaignFn({ data: input })),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignForEditQuery(campaign.id).queryKey, campaign)
      void queryClient.invalidateQueries({ queryKey: campaignListQuery.queryKey, exact: true })
    },
  })
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to="/$locale/ops/campaigns" params={{ locale }} className="w-fit text-colbolt underline">
          {t`All campaigns`}
        </Link>
        <h1 className="text-3xl font-bold text-authentic">{t`New campaign`}</h1>
        <p className="text-ink">{t`A new campaign is a draft only staff see. Create it, then add its flights, preview it as a member and publish it.`}</p>
      </div>
      <CampaignForm
        campaign={null}
        products={products}
        submitLabel={t`Create the draft`}
        selectionModeNote={selectionModeNote}
        onSave={async (input) => {
          const campaign = await create.mutateAsync(input)
          feedback.toast({ severity: 'success', summary: t`Draft created`, detail: campaign.title })
          await navigate({ to: '/$locale/ops/campaigns/$campaignId', params: { locale, campaignId: campaign.id } })
        }}
      />
    </div>
  )
}
