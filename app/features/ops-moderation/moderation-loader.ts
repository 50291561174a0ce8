import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { moderationQueueQuery } from './moderation.queries'
import { moderationInputOf } from './moderation-search'

/** The queue's page for the route's loader, loaded with the console's code rather than every page's. */
export function loadModerationQueue(queryClient: QueryClient, search: Record<string, unknown>, location: ParsedLocation) {
  return loadPageData(queryClient, moderationQueueQuery(moderationInputOf(search)), location)
}
