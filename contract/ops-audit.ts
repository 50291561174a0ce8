// The audit log: every action it records, the console's search of it and its entries.
import * as v from 'valibot'
import { pageOf } from './common'
import { OpsPageNumber, OpsPageSize, OpsIsoTime } from './staff'

/** Every action the audit log records, by what it acted on. */
export const AUDIT_ACTIONS = [
  'role.grant',
  'role.revoke',
  'second-factor.reset',
  'review.approve',
  'review.reject',
  'participation.select',
  'participation.withdraw',
  'shipment.ship',
  'shipment.deliver',
  'shipment.return-label',
  'shipment.returned',
  'member.grant-points',
  'member.resend-verification',
  'member.suspend',
  'member.lift-suspension',
  'member.rule-link',
  'member.withdraw-link-ruling',
  'campaign.set-min-tier',
  'campaign.status',
  'product.create',
  'product.update',
  'category.create',
  'category.rename',
  'product.image-add',
  'product.image-alt',
  'product.image-move',
  'product.image-remove',
  'campaign.create',
  'campaign.update',
  'flight.create',
  'flight.update',
  'flight.delete',
  'newsletter.send',
  'campaign.export-reviews',
  'shipment.export-pending',
  'audit.export',
  'brand.create',
  'brand.invite',
  'brand.withdraw-invitation',
  'brand.join',
  'brand.remove-user',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AuditQuerySchema = v.strictObject({
  page: OpsPageNumber,
  pageSize: OpsPageSize,
  /** The actor's uid or e-mail. */
  actor: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254))),
  action: v.optional(v.picklist(AUDIT_ACTIONS, 'must be one of the audit actions')),
  targetType: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(40))),
  targetId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
  from: v.optional(OpsIsoTime),
  to: v.optional(OpsIsoTime),
})
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>

/** One side of a change: a flat record of plain values (members are named by id only), or null. */
export const AuditStateSchema = v.nullable(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])))
export type AuditState = v.InferOutput<typeof AuditStateSchema>

export const AuditEntrySchema = v.strictObject({
  id: v.string(),
  at: v.string(),
  actorUid: v.string(),
  actorEmail: v.nullable(v.string()),
  actorName: v.nullable(v.string()),
  action: v.string(),
  targetType: v.string(),
  targetId: v.string(),
  operationId: v.string(),
  changes: v.strictObject({ before: AuditStateSchema, after: AuditStateSchema }),
  ip: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

export const AuditPageSchema = pageOf(AuditEntrySchema)
export type AuditPage = v.InferOutput<typeof AuditPageSchema>
