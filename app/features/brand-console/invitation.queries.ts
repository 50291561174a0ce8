import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { InvitationTokenSchema, type BrandInvitation } from '#contract/brands'
import { unwrap } from '~/upstream/upstream-result'
import { checkInvitationFn } from './brand-console.functions'

/** The invitation a link's token names, or null when it names none (or is no token at all). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'brand-invitation', token],
    queryFn: async (): Promise<BrandInvitation | null> => {
      if (!v.is(InvitationTokenSchema, token)) return null
      const result = await checkInvitationFn({ data: { token } })
      if (!result.ok && (result.failure.kind === 'forbidden' || result.failure.kind === 'rejected')) return null
      return unwrap(result)
    },
  })
