import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { brandListQuery } from './ops-brands.queries'

export function loadBrandList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, brandListQuery, location)
}
