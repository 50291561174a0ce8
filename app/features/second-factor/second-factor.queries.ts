import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { secondFactorStatusFn } from './second-factor.functions'

/** The person's second factors and whether this browser session has passed one (never cached for long: it decides what the page asks). */
export const secondFactorStatusQuery = queryOptions({
  queryKey: ['member', 'second-factor'],
  queryFn: async () => unwrap(await secondFactorStatusFn()),
  staleTime: 0,
})
