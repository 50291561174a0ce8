import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { AUDIT_ACTIONS } from '#contract/staff'
import { AuditPage } from '~/features/ops-audit/audit-page'
import type { AuditFilter } from '~/features/ops-audit/ops-audit.functions'
import { auditQuery } from '~/features/ops-audit/ops-audit.queries'
import { loadPageData } from '~/upstream/load-page-data'

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(max))), undefined)
const time = v.fallback(v.optional(v.pipe(v.string(), v.isoTimestamp())), undefined)

/** The filters live in the address: a filtered view can be shared with another admin. */
const AuditSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
  actor: text(254),
  action: v.fallback(v.optional(v.picklist(AUDIT_ACTIONS)), undefined),
  targetId: text(120),
  from: time,
  to: time,
})

export const Route = createFileRoute('/$locale/_staff/ops/audit')({
  validateSearch: AuditSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, location }) => (context.staff ? loadPageData(context.queryClient, auditQuery(deps as AuditFilter), location) : undefined),
  component: AuditRoute,
})

function AuditRoute() {
  const search = Route.useSearch() as AuditFilter
  const navigate = useNavigate({ from: Route.fullPath })
  return <AuditPage key={JSON.stringify(search)} filter={search} onFilter={(next) => void navigate({ search: next })} />
}
