import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getOpsMemberFn, searchMembersFn, type MemberSearchInput } from './ops-members.functions'

/** A page of the member search: under ['member'], so sign-out forgets it. */
export const memberSearchQuery = (input: MemberSearchInput) =>
  queryOptions({
    queryKey: ['member', 'ops', 'member-search', input],
    queryFn: async () => unwrap(await searchMembersFn({ data: input })),
  })

/** One member's record as support reads it; asked again after every action for them. */
export const opsMemberQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['member', 'ops', 'members', memberId],
    queryFn: async () => unwrap(await getOpsMemberFn({ data: { memberId } })),
  })
