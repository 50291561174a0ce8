import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getBrandsFn } from './ops-brands.functions'

export const brandListQuery = queryOptions({
  queryKey: ['member', 'ops', 'brands'],
  queryFn: async () => unwrap(await getBrandsFn()),
})
