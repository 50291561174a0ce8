import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getStandingFn } from './rewards.functions'

/** The member's standing (missions page). Apart from rewards.queries.ts, which every page loads for the header's balance. */
export const standingQuery = queryOptions({ queryKey: ['member', 'standing'], queryFn: async () => unwrap(await getStandingFn()) })
