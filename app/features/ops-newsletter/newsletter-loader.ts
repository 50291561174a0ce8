import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { newsletterListQuery } from './ops-newsletter.queries'

export function loadNewsletterList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, newsletterListQuery, location)
}
