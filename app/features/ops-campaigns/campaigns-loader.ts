import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { campaignListQuery } from './ops-campaigns.queries'

export function loadCampaignList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, campaignListQuery, location)
}
