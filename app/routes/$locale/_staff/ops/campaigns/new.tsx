import { createFileRoute } from '@tanstack/react-router'
import { SelectionModeNote } from '~/features/campaigns/selection-mode-note'
import { NewCampaignPage } from '~/features/ops-campaigns/new-campaign-page'

/** A new campaign: saved as a draft, then edited at /ops/campaigns/$campaignId. */
export const Route = createFileRoute('/$locale/_staff/ops/campaigns/new')({
  staticData: { consolePage: { capability: 'campaigns:edit' } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadNewCampaign } = await import('~/features/ops-campaigns/campaigns-loader')
    await loadNewCampaign(context.queryClient, location)
  },
  component: NewCampaignRoute,
})

function NewCampaignRoute() {
  return <NewCampaignPage selectionModeNote={(mode) => <SelectionModeNote mode={mode} />} />
}
