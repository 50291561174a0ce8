import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { productListQuery } from './ops-products.queries'

export function loadProductList(queryClient: QueryClient, location: ParsedLocation) {
  return loadPageData(queryClient, productListQuery, location)
}
