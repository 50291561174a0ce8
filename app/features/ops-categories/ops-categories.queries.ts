import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getCategoriesFn } from './ops-categories.functions'

export const opsCategoryListQuery = queryOptions({
  queryKey: ['member', 'ops', 'categories'],
  queryFn: async () => unwrap(await getCategoriesFn()),
})
