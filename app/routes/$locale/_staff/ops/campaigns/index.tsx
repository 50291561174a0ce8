import { createFileRoute } from '@tanstack/react-router'
import { CampaignsPage } from '~/features/ops-campaigns/campaigns-page'

export const Route = createFileRoute('/$locale/_staff/ops/campaigns/')({
  loader: async ({ context, location }) => {
    if (!context.staff) return
    const { loadCampaignList } = await import('~/features/ops-campaigns/campaigns-loader')
    await loadCampaignList(context.queryClient, location)
  },
  component: CampaignsPage,
})
