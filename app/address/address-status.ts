import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { addressQuery } from '~/queries/member'
import { loadPageData } from '~/upstream/load-page-data'

/**
 * The one function the address guard uses to learn whether an address is saved (the member API's
 * answer, cached in the query client and refreshed when the address is saved). When the member
 * API cannot answer, the member is let through: the page's own calls then show what went wrong.
 */
export async function hasSavedAddress(queryClient: QueryClient, location: ParsedLocation): Promise<boolean> {
  const result = await loadPageData(queryClient, addressQuery, location)
  return result === undefined || result.address !== null
}
