import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import type { ShipmentsInput } from '~/features/ops-shipments/ops-shipments.functions'
import { ShipmentsPage } from '~/features/ops-shipments/shipments-page'
import { shipmentsInputOf } from '~/features/ops-shipments/shipments-search'
import { optionalText } from '~/lib/search-params'
import { consoleHead } from '~/lib/page-head'

/**
 * The view, campaign filter and page live in the address: a reload keeps fulfilment's place. Read
 * loosely here and checked by the console's own code, loaded with the page, so none of it rides in
 * every page's script.
 */
export const Route = createFileRoute('/$locale/_staff/ops/shipments')({
  head: () => consoleHead(msg`Shipments`),
  staticData: { consolePage: { capability: 'shipments:manage', menu: { label: msg`Shipments`, order: 9 } } },
  validateSearch: v.object({ view: optionalText, campaign: optionalText, page: v.fallback(v.optional(v.number()), undefined) }),
  loaderDeps: ({ search: { view, campaign, page } }) => ({ view, campaign, page }),
  loader: async ({ context, deps, location }) => {
    if (!context.mayOpen) return
    const { loadShipments } = await import('~/features/ops-shipments/shipments-search')
    await loadShipments(context.queryClient, deps, location)
  },
  component: ShipmentsRoute,
})

function ShipmentsRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onSearch = (next: Partial<ShipmentsInput>) => void navigate({ search: (prev) => ({ ...prev, ...next }) })
  return <ShipmentsPage input={shipmentsInputOf(search)} onSearch={onSearch} />
}
