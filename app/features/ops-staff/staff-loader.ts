import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { staffListQuery } from './ops-staff.queries'

export function loadStaffList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, staffListQuery, location)
}
