import { queryOptions } from '@tanstack/react-query'
import { getShipmentsFn } from '~/shipments/shipments.functions'
import { unwrap } from '~/upstream/upstream-result'

export const shipmentsQuery = queryOptions({
  queryKey: ['member', 'shipments'],
  queryFn: async () => unwrap(await getShipmentsFn()),
})
