import { createFileRoute } from '@tanstack/react-router'
import { BrandCampaignsPage } from '~/features/brand-console/brand-campaigns-page'
import { msg } from '@lingui/core/macro'
import { brandHead } from '~/lib/page-head'

/** The brand's campaigns, each opening its results. */
export const Route = createFileRoute('/$locale/_brand/brand/')({
  head: () => brandHead(msg`Campaigns`),
  loader: async ({ context, location }) => {
    if (!context.brand) return
    const { loadBrandCampaigns } = await import('~/features/brand-console/brand-loader')
    await loadBrandCampaigns(context.queryClient, location)
  },
  component: BrandCampaignsPage,
})
