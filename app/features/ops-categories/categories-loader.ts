import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { opsCategoryListQuery } from './ops-categories.queries'

export function loadCategoryList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, opsCategoryListQuery, location)
}
