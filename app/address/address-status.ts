import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getAddressStatusFn } from './address-status.functions'

export const addressStatusQuery = queryOptions({
  queryKey: ['member', 'address-status'],
  queryFn: () => getAddressStatusFn(),
  staleTime: 60_000,
})

/** The one function the address guard uses to learn whether an address is saved. */
export async function hasSavedAddress(queryClient: QueryClient): Promise<boolean> {
  const status = await queryClient.ensureQueryData(addressStatusQuery)
  return status.saved
}
