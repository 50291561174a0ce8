import { createFileRoute } from '@tanstack/react-router'
import { SelectionModeNote } from '~/features/campaigns/selection-mode-note'
import { CampaignEditorPage } from '~/features/ops-campaigns/campaign-editor-page'
import { msg } from '@lingui/core/macro'
import { consoleHead } from '~/lib/page-head'

/** A campaign's editor: its definition, its flights, publishing. */
export const Route = createFileRoute('/$locale/_staff/ops/campaigns/$campaignId/')({
  staticData: { consolePage: { capability: 'campaigns:edit' } },
  loader: async ({ context, params, location }) => {
    if (!context.mayOpen) return
    const { loadCampaignEditor } = await import('~/features/ops-campaigns/campaigns-loader')
    return loadCampaignEditor(context.queryClient, params.campaignId, location)
  },
  head: ({ loaderData }) => {
    const campaign = loaderData?.subject
    return consoleHead(campaign ? msg`Edit ${campaign}` : msg`Edit a campaign`)
  },
  component: CampaignEditorRoute,
})

function CampaignEditorRoute() {
  const { campaignId } = Route.useParams()
  // Keyed: another campaign's editor starts from its own values.
  return <CampaignEditorPage key={campaignId} campaignId={campaignId} selectionModeNote={(mode) => <SelectionModeNote mode={mode} />} />
}
