import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuditPage } from '~/features/ops-audit/audit-page'
import { auditFilterOf } from '~/features/ops-audit/audit-search'
import { optionalText } from '~/lib/search-params'
import { consoleHead } from '~/lib/page-head'

/** The filters live in the address (read loosely here, checked by the console's own code loaded with the page). */
export const Route = createFileRoute('/$locale/_staff/ops/audit')({
  head: () => consoleHead(msg`Audit log`),
  staticData: { consolePage: { capability: 'audit:read', menu: { label: msg`Audit log`, order: 3 } } },
  validateSearch: v.object({
    page: v.fallback(v.optional(v.number()), undefined),
    actor: optionalText,
    action: optionalText,
    targetId: optionalText,
    from: optionalText,
    to: optionalText,
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, location }) => {
    if (!context.mayOpen) return
    const { loadAudit } = await import('~/features/ops-audit/audit-search')
    await loadAudit(context.queryClient, deps, location)
  },
  component: AuditRoute,
})

function AuditRoute() {
  const filter = auditFilterOf(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  return <AuditPage key={JSON.stringify(filter)} filter={filter} onFilter={(next) => void navigate({ search: next })} />
}
