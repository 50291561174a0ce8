import { createFileRoute } from '@tanstack/react-router'
import { SelectionModeNote } from '~/features/campaigns/selection-mode-note'
import { NewCampaignPage } from '~/features/ops-campaigns/new-campaign-page'
import { msg } from '@lingui/core/macro'
import { consoleHead } from '~/lib/page-head'

/** A new campaign: saved as a draft, then edited at /ops/campaigns/$campaignId. */
export const Route = createFileRoute('/$locale/_staff/ops/campaigns/new')({
  head: () => consoleHead(msg`New campaign`),
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
