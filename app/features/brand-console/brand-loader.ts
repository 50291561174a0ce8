import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { brandCampaignResultsQuery, brandCampaignsQuery } from './brand-console.queries'

export function loadBrandCampaigns(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, brandCampaignsQuery, location)
}

/** One of the brand's campaigns (another brand's, or none, goes to the 404 page). */
export async function loadBrandCampaignResults(queryClient: QueryClient, campaignId: string, location: ParsedLocation) {
  const results = await loadPageData(queryClient, brandCampaignResultsQuery(campaignId), location)
  return { subject: results.title }
}
