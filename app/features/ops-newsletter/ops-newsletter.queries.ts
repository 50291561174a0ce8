import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getNewslettersFn } from './ops-newsletter.functions'

export const newsletterListQuery = queryOptions({
  queryKey: ['member', 'ops', 'newsletters'],
  queryFn: async () => unwrap(await getNewslettersFn()),
})
