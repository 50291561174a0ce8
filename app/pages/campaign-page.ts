// A campaign's public page, at either of its addresses: the campaign's data and head, with the
// latest reviews of it (the reviews feature's), which the page shows and search engines read.
import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { campaignHead, loadCampaignPage } from '~/features/campaigns/campaign-loader'
import { campaignQuery } from '~/features/campaigns/campaigns.queries'
import { NOT_INDEXED } from '~/lib/page-head'
import { latestCampaignReviewsQuery } from '~/features/reviews/reviews.queries'
import { loadOptionalData } from '~/upstream/load-page-data'

export function loadCampaignRoute(queryClient: QueryClient, idOrSlug: string, location: ParsedLocation): Promise<void> {
  return loadCampaignPage(queryClient, idOrSlug, location, (campaign) => loadOptionalData(queryClient, latestCampaignReviewsQuery(campaign.id), location))
}

export function campaignRouteHead(queryClient: QueryClient, idOrSlug: string) {
  return campaignHead(queryClient, idOrSlug, (campaignId) => queryClient.getQueryData(latestCampaignReviewsQuery(campaignId).queryKey)?.items ?? [])
}

/** An archived campaign's page still answers for the people who follow a link to it; search engines are told to drop it. */
export function campaignRouteHeaders(queryClient: QueryClient, idOrSlug: string): Record<string, string> | undefined {
  return queryClient.getQueryData(campaignQuery(idOrSlug).queryKey)?.archived ? NOT_INDEXED : undefined
}
