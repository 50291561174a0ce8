import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { applicantsQuery, opsCampaignsQuery } from './ops-applicants.queries'
import { applicantsAddressOf, chosenFlight } from './applicants-search'

/** The campaigns, and the chosen flight's page of applicants, for the route's loader (loaded with the console's code). */
export async function loadApplicants(queryClient: QueryClient, search: Record<string, unknown>, location: ParsedLocation) {
  const address = applicantsAddressOf(search)
  const campaigns = await loadPageData(queryClient, opsCampaignsQuery, location)
  const chosen = chosenFlight(campaigns, address)
  if (chosen)
    await loadPageData(queryClient, applicantsQuery({ flightId: chosen.flight.id, view: address.view, page: address.page, linked: address.linked }), location)
}
