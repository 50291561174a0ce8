// Staff: roles, the capabilities they grant, and the operator console's requests and answers.
// Code checks capabilities, never role names: a role is only a named set of them.
import * as v from 'valibot'
import { RejectionReasonSchema } from './review-rejection'

export const CAPABILITIES = [
  /** Grant and revoke roles; read who holds which. */
  'staff:manage',
  /** Read the audit log and export it. */
  'audit:read',
  /** Read reviews waiting for moderation (their photos too) and decide them. */
  'reviews:moderate',
  /** Read a campaign's applicants and waitlist, select testers. */
  'applicants:select',
  /** Ship, deliver, issue return labels, mark returns received, read shipping addresses. */
  'shipments:manage',
  /** Find a member and read their record (participations, points, standing, messages). */
  'members:read',
  /** Act for a member on their request: goodwill points, resend a verification e-mail, withdraw a participation. */
  'members:act',
  /** See a member's e-mail address and phone number. */
  'members:contact',
] as const
export type Capability = (typeof CAPABILITIES)[number]

export const ROLES = ['admin', 'campaign-manager', 'moderator', 'fulfilment', 'support'] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = v.picklist(ROLES, `must be one of: ${ROLES.join(', ')}`)

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  'campaign-manager': ['applicants:select'],
  moderator: ['reviews:moderate'],
  fulfilment: ['shipments:manage'],
  support: ['members:read', 'members:act', 'members:contact'],
}

export function capabilitiesOf(roles: readonly Role[]): Capability[] {
  const held = new Set(roles.flatMap((role) => ROLE_CAPABILITIES[role]))
  return CAPABILITIES.filter((capability) => held.has(capability))
}

/** The portal forwards its browser's user agent on staff calls, for the audit entry. */
export const STAFF_USER_AGENT_HEADER = 'x-staff-user-agent'

/** A staff session lasts at most this long after its sign-in, whatever the member session's lifetime. */
export const STAFF_SESSION_SECONDS = 8 * 60 * 60

const uuid = v.pipe(v.string(), v.uuid('must be an id'))
const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254))
const pageNumber = v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100_000)), '1')
const pageSize = v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)), '50')
const isoTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO time'))

// ---- Who is calling

export const StaffSelfSchema = v.strictObject({
  uid: v.string(),
  email: v.nullable(v.string()),
  name: v.nullable(v.string()),
  roles: v.array(RoleSchema),
  capabilities: v.array(v.picklist(CAPABILITIES)),
})
export type StaffSelf = v.InferOutput<typeof StaffSelfSchema>

// ---- Staff and roles

export const StaffMemberSchema = v.strictObject({
  uid: v.string(),
  email: v.string(),
  name: v.string(),
  roles: v.array(
    v.strictObject({
      role: RoleSchema,
      grantedAt: v.string(),
      grantedBy: v.string(),
    }),
  ),
})
export type StaffMember = v.InferOutput<typeof StaffMemberSchema>
export const StaffListSchema = v.strictObject({ items: v.array(StaffMemberSchema) })
export type StaffList = v.InferOutput<typeof StaffListSchema>

export const RoleChangeBodySchema = v.strictObject({ email, role: RoleSchema })
export type RoleChangeBody = v.InferOutput<typeof RoleChangeBodySchema>
export const RoleChangeResultSchema = v.strictObject({
  uid: v.string(),
  email: v.string(),
  role: RoleSchema,
  /** False when nothing changed: the role was already held (grant) or not held (revoke). */
  changed: v.boolean(),
})
export type RoleChangeResult = v.InferOutput<typeof RoleChangeResultSchema>

// ---- Moderation

export const MODERATION_SORTS = ['oldest', 'newest', 'rating-asc', 'rating-desc'] as const
export const ModerationQuerySchema = v.strictObject({
  page: pageNumber,
  pageSize,
  sort: v.optional(v.picklist(MODERATION_SORTS), 'oldest'),
  campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
  rating: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(5))),
  /** Words found in the title or the text. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
})
export type ModerationQuery = v.InferOutput<typeof ModerationQuerySchema>

const QueuedPhotoSchema = v.strictObject({ id: v.string(), alt: v.string(), width: v.number(), height: v.number() })

export const QueuedReviewSchema = v.strictObject({
  id: v.string(),
  campaignSlug: v.string(),
  campaignTitle: v.string(),
  productName: v.string(),
  brand: v.string(),
  rating: v.number(),
  title: v.string(),
  body: v.string(),
  receivedForFree: v.boolean(),
  photos: v.array(QueuedPhotoSchema),
  submittedAt: v.string(),
  author: v.strictObject({
    memberId: v.string(),
    displayName: v.string(),
    tier: v.string(),
    score: v.number(),
    publishedReviews: v.number(),
    rejectedReviews: v.number(),
  }),
})
export type QueuedReview = v.InferOutput<typeof QueuedReviewSchema>

export const ModerationPageSchema = v.strictObject({
  items: v.array(QueuedReviewSchema),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
})
export type ModerationPage = v.InferOutput<typeof ModerationPageSchema>

export const ReviewDecisionBodySchema = v.variant('decision', [
  v.strictObject({ decision: v.literal('approve') }),
  v.strictObject({
    decision: v.literal('reject'),
    reason: RejectionReasonSchema,
    /** Shown to the author; required for `other`. */
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
  }),
])
export type ReviewDecisionBody = v.InferOutput<typeof ReviewDecisionBodySchema>

export const ReviewDecisionSchema = v.strictObject({
  reviewId: v.string(),
  status: v.picklist(['published', 'rejected']),
  decidedAt: v.string(),
})
export type ReviewDecision = v.InferOutput<typeof ReviewDecisionSchema>

// ---- The audit log

/** Every action the audit log records, by what it acted on. */
export const AUDIT_ACTIONS = [
  'role.grant',
  'role.revoke',
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
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AuditQuerySchema = v.strictObject({
  page: pageNumber,
  pageSize,
  /** The actor's uid or e-mail. */
  actor: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254))),
  action: v.optional(v.picklist(AUDIT_ACTIONS, 'must be one of the audit actions')),
  targetType: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(40))),
  targetId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
  from: v.optional(isoTime),
  to: v.optional(isoTime),
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

export const AuditPageSchema = v.strictObject({
  items: v.array(AuditEntrySchema),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
})
export type AuditPage = v.InferOutput<typeof AuditPageSchema>

export const ReviewIdParamSchema = v.strictObject({ id: uuid })
