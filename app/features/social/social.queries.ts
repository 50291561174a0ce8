import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getSocialPostsFn } from './social.functions'

export const socialPostsQuery = (participationId: string) =>
  queryOptions({
    queryKey: ['member', 'social-posts', participationId],
    queryFn: async () => unwrap(await getSocialPostsFn({ data: { participationId } })),
  })
