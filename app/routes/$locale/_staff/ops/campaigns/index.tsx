import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CampaignsPage } from '~/features/ops-campaigns/campaigns-page'
import { consoleHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_staff/ops/campaigns/')({
  head: () => consoleHead(msg`Campaigns`),
  staticData: { consolePage: { capability: 'campaigns:edit', menu: { label: msg`Campaigns`, order: 5 } } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadCampaignList } = await import('~/features/ops-campaigns/campaigns-loader')
    await loadCampaignList(context.queryClient, location)
  },
  component: CampaignsPage,
})
