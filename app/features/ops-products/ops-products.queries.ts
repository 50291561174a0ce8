import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getProductsFn } from './ops-products.functions'

export const productListQuery = queryOptions({
  queryKey: ['member', 'ops', 'products'],
  queryFn: async () => unwrap(await getProductsFn()),
})
