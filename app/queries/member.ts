import { queryOptions } from '@tanstack/react-query'
import { getAddressFn, getMemberInfoFn } from '~/member/member.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Everything under ['member'] is the signed-in member's data: sign-out removes it. */
export const memberInfoQuery = queryOptions({
  queryKey: ['member', 'info'],
  queryFn: async () => unwrap(await getMemberInfoFn()),
})

export const addressQuery = queryOptions({
  queryKey: ['member', 'address'],
  queryFn: async () => unwrap(await getAddressFn()),
})
