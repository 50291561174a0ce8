import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { loadPageData } from '~/upstream/load-page-data'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { productListQuery } from './ops-products.queries'

/** The products, and the categories they are named in and chosen from. */
export function loadProductList(queryClient: QueryClient, location: ParsedLocation) {
  return Promise.all([loadPageData(queryClient, productListQuery, location), loadPageData(queryClient, categoriesQuery, location)])
}
