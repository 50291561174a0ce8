import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { loadOptionalData, loadPageData } from '~/upstream/load-page-data'
import { campaignForEditQuery, campaignListQuery, campaignPreviewQuery, campaignResultsQuery, productChoicesQuery } from './ops-campaigns.queries'

export function loadCampaignList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, campaignListQuery, location)
}

/** The editor's choices: the products a campaign may test, and the categories its interests rule names (the form does without them). */
function loadChoices(queryClient: QueryClient, location: ParsedLocation) {
  return Promise.all([loadPageData(queryClient, productChoicesQuery, location), loadOptionalData(queryClient, categoriesQuery, location)])
}

export async function loadNewCampaign(queryClient: QueryClient, location: ParsedLocation) {
  await loadChoices(queryClient, location)
}

/** The campaign as its editor sees it (an id that names none goes to the 404 page), with the choices. */
export async function loadCampaignEditor(queryClient: QueryClient, campaignId: string, location: ParsedLocation) {
  const [campaign] = await Promise.all([loadPageData(queryClient, campaignForEditQuery(campaignId), location), loadChoices(queryClient, location)])
  return { subject: campaign.title }
}

/**
 * The campaign's page as members will see it. It shows the flights' dates, so a campaign without a
 * flight has none yet: the preview page says so instead of asking.
 */
export async function loadCampaignPreview(queryClient: QueryClient, campaignId: string, location: ParsedLocation) {
  const campaign = await loadPageData(queryClient, campaignForEditQuery(campaignId), location)
  const subject = { subject: campaign.title }
  if (campaign.flights.length === 0) return subject
  await Promise.all([
    loadPageData(queryClient, campaignPreviewQuery(campaignId), location),
    campaign.eligibility.interests.length > 0 ? loadOptionalData(queryClient, categoriesQuery, location) : undefined,
  ])
  return subject
}

/** The campaign's results (an id that names none goes to the 404 page). */
export async function loadCampaignResults(queryClient: QueryClient, campaignId: string, location: ParsedLocation) {
  const results = await loadPageData(queryClient, campaignResultsQuery(campaignId), location)
  return { subject: results.title }
}
