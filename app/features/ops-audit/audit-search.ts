import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import * as v from 'valibot'
import { AUDIT_ACTIONS } from '#contract/ops-audit'
import { loadPageData } from '~/upstream/load-page-data'
import type { AuditFilter } from './ops-audit.functions'
import { auditQuery } from './ops-audit.queries'

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(max))), undefined)
const time = v.fallback(v.optional(v.pipe(v.string(), v.isoTimestamp())), undefined)

/** The filters as the address gives them (a filtered view can be shared); what is not valid is left out. */
const AuditAddressSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
  actor: text(254),
  action: v.fallback(v.optional(v.picklist(AUDIT_ACTIONS)), undefined),
  targetId: text(120),
  from: time,
  to: time,
})

export function auditFilterOf(search: Record<string, unknown>): AuditFilter {
  return v.parse(AuditAddressSchema, search)
}

export function loadAudit(queryClient: QueryClient, search: Record<string, unknown>, location: ParsedLocation) {
  return loadPageData(queryClient, auditQuery(auditFilterOf(search)), location)
}
