// The audit log: the member API checks the audit:read capability.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ENDPOINTS } from '#contract/endpoints'
import { AUDIT_ACTIONS } from '#contract/ops-audit'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

export const AuditFilterSchema = v.strictObject({
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  actor: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254))),
  action: v.optional(v.picklist(AUDIT_ACTIONS)),
  targetId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(120))),
  from: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  to: v.optional(v.pipe(v.string(), v.isoTimestamp())),
})
export type AuditFilter = v.InferOutput<typeof AuditFilterSchema>

export const AUDIT_PAGE_SIZE = 50

/** GET ops/v1/audit: one page of entries, newest first. */
export const getAuditFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(AuditFilterSchema)
  .handler(({ context, data: { page, ...filter } }) =>
    callEndpoint(ENDPOINTS.opsAudit, { member: context.member, query: { ...filter, page: String(page), pageSize: String(AUDIT_PAGE_SIZE) } }),
  )
