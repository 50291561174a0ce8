import { queryOptions } from '@tanstack/react-query'
import type { StaffSelf } from '#contract/staff'
import { unwrap } from '~/upstream/upstream-result'
import { getStaffSelfFn } from './ops-console.functions'

/**
 * The signed-in person as staff, or null when they hold no role. Under ['member'], so sign-out
 * forgets it. It only decides what the console shows: the member API checks every call itself.
 */
export const staffSelfQuery = queryOptions({
  queryKey: ['member', 'staff-self'],
  queryFn: async (): Promise<StaffSelf | null> => {
    const result = await getStaffSelfFn()
    if (!result.ok && result.failure.kind === 'forbidden') return null
    return unwrap(result)
  },
  staleTime: 30_000,
})
