import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadOptionalData } from '~/upstream/load-page-data'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'

/**
 * The one function the address guard uses to learn whether an address is saved: the member API's
 * member info, which carries the address and which the header shows anyway (name and points), so a
 * guarded page is rendered with its header complete and no second call for the address. Cached in
 * the query client and updated when the address is saved. When the member API cannot answer, the
 * member is let through: the page's own calls then show what went wrong.
 */
export async function hasSavedAddress(queryClient: QueryClient, location: ParsedLocation): Promise<boolean> {
  const info = await loadOptionalData(queryClient, memberInfoQuery, location)
  return info === undefined || info.address !== null
}
