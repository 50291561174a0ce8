import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getOpsShipmentsFn, type ShipmentsInput } from './ops-shipments.functions'

/** A page of parcels in one state: under ['member'], so sign-out forgets it; read again after each step. */
export const opsShipmentsQuery = (input: ShipmentsInput) =>
  queryOptions({
    queryKey: ['member', 'ops', 'shipments', input],
    queryFn: async () => unwrap(await getOpsShipmentsFn({ data: input })),
  })
