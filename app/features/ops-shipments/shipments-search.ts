import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import * as v from 'valibot'
import { SHIPMENT_VIEWS } from '#contract/ops-shipments'
import { loadPageData } from '~/upstream/load-page-data'
import type { ShipmentsInput } from './ops-shipments.functions'
import { opsShipmentsQuery } from './ops-shipments.queries'

/**
 * The view, campaign filter and page as the address gives them (read loosely by the route, so none
 * of the console's code rides in every page's script): what is not valid is left out, and the view
 * falls back to the pending parcels.
 */
const ShipmentsAddressSchema = v.object({
  view: v.fallback(v.optional(v.picklist(SHIPMENT_VIEWS), 'pending'), 'pending'),
  campaign: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
})

export function shipmentsInputOf(search: Record<string, unknown>): ShipmentsInput {
  return v.parse(ShipmentsAddressSchema, search)
}

/** The page of parcels for the route's loader, loaded with the console's code rather than every page's. */
export function loadShipments(queryClient: QueryClient, search: Record<string, unknown>, location: ParsedLocation) {
  return loadPageData(queryClient, opsShipmentsQuery(shipmentsInputOf(search)), location)
}
