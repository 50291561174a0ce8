import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { memberSearchQuery, opsMemberQuery } from './ops-members.queries'
import { memberSearchOf } from './members-search'

/** The search's page of results for the route's loader (nothing to load before a search); loaded with the console's code. */
export async function loadMemberSearch(queryClient: QueryClient, search: Record<string, unknown>, location: ParsedLocation) {
  const input = memberSearchOf(search)
  if (input) await loadPageData(queryClient, memberSearchQuery(input), location)
}

/** A member's record for the route's loader: an id that names nobody goes to the 404 page. */
export async function loadOpsMember(queryClient: QueryClient, memberId: string, location: ParsedLocation) {
  const member = await loadPageData(queryClient, opsMemberQuery(memberId), location)
  return { subject: member.name || member.displayName }
}
