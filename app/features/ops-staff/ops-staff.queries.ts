import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getStaffFn } from './ops-staff.functions'

export const staffListQuery = queryOptions({
  queryKey: ['member', 'ops', 'staff'],
  queryFn: async () => unwrap(await getStaffFn()),
})
