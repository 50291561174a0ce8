// Staff: roles, the capabilities they grant, and the operator console's requests and answers.
// Code checks capabilities, never role names: a role is only a named set of them.
import * as v from 'valibot'
import { Uuid } from './common'
import { SentMessageSchema } from './messages'
import { AddressSchema } from './address'
import { CAMPAIGN_STATUSES } from './campaigns'
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
  /** Publish, archive and (later) author campaigns. */
  'campaigns:edit',
  /** Ship, deliver, issue return labels, mark returns received, read shipping addresses. */
  'shipments:manage',
  /** Find a member and read their record (participations, points, standing, messages). */
  'members:read',
  /** Act for a member on their request: goodwill points, resend a verification e-mail, withdraw a participation. */
  'members:act',
  /** See a member's e-mail address and phone number. */
  'members:contact',
  /** Add product categories and rename them (the admin's alone: every page names them). */
  'categories:edit',
  /** Write a newsletter issue and send it to every member who opted in (the admin's alone). */
  'newsletter:send',
  /** Add brands, invite their users by e-mail and remove them (the admin's alone). */
  'brands:manage',
] as const
export type Capability = (typeof CAPABILITIES)[number]

export const ROLES = ['admin', 'campaign-manager', 'moderator', 'fulfilment', 'support'] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = v.picklist(ROLES, `must be one of: ${ROLES.join(', ')}`)

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  'campaign-manager': ['applicants:select', 'campaigns:edit'],
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

/** When the review the moderator read was sent: a version sent again since is not decided unread (409). */
const seenVersion = { submittedAt: isoTime }

export const ReviewDecisionBodySchema = v.variant('decision', [
  v.strictObject({ decision: v.literal('approve'), ...seenVersion }),
  v.strictObject({
    decision: v.literal('reject'),
    reason: RejectionReasonSchema,
    /** Shown to the author; required for `other`. */
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
    ...seenVersion,
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
  'brand.create',
  'brand.invite',
  'brand.withdraw-invitation',
  'brand.join',
  'brand.remove-user',
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

// ---- Applicants and selection

export const OpsCampaignListSchema = v.strictObject({
  items: v.array(
    v.strictObject({
      id: v.string(),
      slug: v.string(),
      title: v.string(),
      status: v.picklist(CAMPAIGN_STATUSES),
      flights: v.array(
        v.strictObject({
          id: v.string(),
          name: v.string(),
          quota: v.number(),
          signupOpensAt: v.string(),
          signupClosesAt: v.string(),
          /** Selected testers holding a place (selected and on, not withdrawn). */
          placesTaken: v.number(),
          applied: v.number(),
          waitlisted: v.number(),
        }),
      ),
    }),
  ),
})
export type OpsCampaignList = v.InferOutput<typeof OpsCampaignListSchema>

export const APPLICANT_VIEWS = ['waiting', 'selected', 'not-eligible', 'all'] as const
export type ApplicantView = (typeof APPLICANT_VIEWS)[number]

export const ApplicantsQuerySchema = v.strictObject({
  page: pageNumber,
  pageSize,
  /** waiting: applied and waitlisted, in the order places are given (tier at sign-up, then sign-up order). */
  view: v.optional(v.picklist(APPLICANT_VIEWS), 'waiting'),
})
export type ApplicantsQuery = v.InferOutput<typeof ApplicantsQuerySchema>

export const ApplicantSchema = v.strictObject({
  participationId: v.string(),
  memberId: v.string(),
  displayName: v.string(),
  status: v.string(),
  /** Place in the serving order among those waiting; null for the others. */
  place: v.nullable(v.number()),
  tier: v.string(),
  country: v.nullable(v.string()),
  appliedAt: v.string(),
  /** Tests this member finished before, of any campaign. */
  completedTests: v.number(),
  answers: v.array(v.strictObject({ question: v.string(), answer: v.string() })),
  ineligibleReasons: v.array(v.string()),
})
export type Applicant = v.InferOutput<typeof ApplicantSchema>

export const ApplicantPageSchema = v.strictObject({
  flight: v.strictObject({ id: v.string(), name: v.string(), campaignTitle: v.string(), quota: v.number(), placesTaken: v.number() }),
  items: v.array(ApplicantSchema),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
})
export type ApplicantPage = v.InferOutput<typeof ApplicantPageSchema>

export const SelectionBodySchema = v.strictObject({
  participationIds: v.pipe(v.array(Uuid), v.minLength(1, 'choose at least one applicant'), v.maxLength(200, 'at most 200 at once')),
})
export const SelectionResultSchema = v.strictObject({ selected: v.array(v.string()), placesTaken: v.number(), quota: v.number() })
export type SelectionResult = v.InferOutput<typeof SelectionResultSchema>

// ---- Shipments

export const SHIPMENT_VIEWS = ['pending', 'shipped', 'delivered', 'returns'] as const
export type ShipmentView = (typeof SHIPMENT_VIEWS)[number]

export const OpsShipmentsQuerySchema = v.strictObject({
  page: pageNumber,
  pageSize,
  view: v.optional(v.picklist(SHIPMENT_VIEWS), 'pending'),
  campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
})
export type OpsShipmentsQuery = v.InferOutput<typeof OpsShipmentsQuerySchema>

/** Where a parcel goes: the member's saved address as they see it. */
const ShippingAddressSchema = v.omit(AddressSchema, ['updatedAt'])

export const OpsShipmentSchema = v.strictObject({
  shipmentId: v.string(),
  participationId: v.string(),
  campaignSlug: v.string(),
  productName: v.string(),
  displayName: v.string(),
  status: v.string(),
  carrier: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  returnStatus: v.nullable(v.string()),
  returnReason: v.nullable(v.string()),
  createdAt: v.string(),
  /** The member's shipping address now (null once deleted). */
  address: v.nullable(ShippingAddressSchema),
})
export type OpsShipment = v.InferOutput<typeof OpsShipmentSchema>

export const OpsShipmentPageSchema = v.strictObject({ items: v.array(OpsShipmentSchema), page: v.number(), pageSize: v.number(), total: v.number() })
export type OpsShipmentPage = v.InferOutput<typeof OpsShipmentPageSchema>

/** A carrier's name as fulfilment partners write it. */
export const CarrierSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, 'name the carrier'),
  v.maxLength(40),
  v.regex(/^[\p{L}\p{N} .&'-]+$/u, 'is not a carrier name'),
)
/** Tracking numbers: 6 to 40 letters and digits, hyphens allowed (no spaces, no URLs). */
export const TrackingNumberSchema = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9-]{4,38}[A-Za-z0-9]$/, 'must be 6 to 40 letters and digits'))

export const ShipmentActionBodySchema = v.variant('action', [
  v.strictObject({ action: v.literal('ship'), carrier: CarrierSchema, trackingNumber: TrackingNumberSchema }),
  v.strictObject({ action: v.literal('deliver') }),
  v.strictObject({
    action: v.literal('return-label'),
    labelUrl: v.pipe(v.string(), v.url('must be a web address'), v.startsWith('https://', 'must be an https address'), v.maxLength(500)),
  }),
  v.strictObject({ action: v.literal('returned') }),
])
export type ShipmentActionBody = v.InferOutput<typeof ShipmentActionBodySchema>
export const ShipmentActionResultSchema = v.strictObject({ shipmentId: v.string(), status: v.string(), returnStatus: v.nullable(v.string()) })

/** At most this many rows in one tracking file. */
export const TRACKING_IMPORT_MAX_ROWS = 5000
/** The columns of a tracking file, in this order, with this header line. */
export const TRACKING_IMPORT_COLUMNS = ['shipment_id', 'carrier', 'tracking_number'] as const

export const TrackingImportQuerySchema = v.strictObject({
  /** Without it the file is only checked: the report says what would happen and nothing is written. */
  apply: v.optional(v.picklist(['true', 'false']), 'false'),
})

/** Why a row (or the whole file) cannot be applied: a code the console words, with what it needs. */
export const TRACKING_IMPORT_ERRORS = [
  'not-utf8',
  'not-csv',
  'empty',
  'missing-columns',
  'too-many-rows',
  'invalid-value',
  'duplicate',
  'unknown-shipment',
  'already-shipped',
  'apply-failed',
] as const
export const TrackingImportErrorSchema = v.strictObject({
  line: v.number(),
  code: v.picklist(TRACKING_IMPORT_ERRORS),
  /** invalid-value: the column; missing-columns: the columns missing, comma-separated. */
  column: v.nullable(v.string()),
  /** duplicate: the line it first appears on; too-many-rows: the row count; already-shipped: the carrier and tracking number it has. */
  detail: v.nullable(v.string()),
  /** The same in English, for scripts and logs. */
  message: v.string(),
})
export type TrackingImportError = v.InferOutput<typeof TrackingImportErrorSchema>

export const TrackingImportReportSchema = v.strictObject({
  applied: v.boolean(),
  rows: v.number(),
  /** Rows that would ship (or shipped) a parcel. */
  toShip: v.number(),
  /** Rows already applied: the same carrier and tracking number on a shipped parcel. */
  unchanged: v.number(),
  errors: v.array(TrackingImportErrorSchema),
})
export type TrackingImportReport = v.InferOutput<typeof TrackingImportReportSchema>

// ---- Members (support)

export const MemberSearchQuerySchema = v.strictObject({
  q: v.pipe(v.string(), v.trim(), v.minLength(2, 'type at least 2 characters'), v.maxLength(120)),
  page: pageNumber,
  pageSize,
})

export const MemberHitSchema = v.strictObject({
  memberId: v.string(),
  displayName: v.string(),
  name: v.string(),
  /** Only for roles that may see contact details (members:contact); null otherwise. */
  email: v.nullable(v.string()),
  referralCode: v.string(),
  createdAt: v.string(),
  deleted: v.boolean(),
})
export const MemberSearchResultSchema = v.strictObject({ items: v.array(MemberHitSchema), page: v.number(), pageSize: v.number(), total: v.number() })
export type MemberSearchResult = v.InferOutput<typeof MemberSearchResultSchema>

export const OpsMemberSchema = v.strictObject({
  memberId: v.string(),
  displayName: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
  phone: v.nullable(v.string()),
  referralCode: v.string(),
  createdAt: v.string(),
  deleted: v.boolean(),
  standing: v.strictObject({ tier: v.string(), score: v.number() }),
  pointsBalance: v.number(),
  points: v.array(v.strictObject({ points: v.number(), reason: v.string(), at: v.string() })),
  participations: v.array(
    v.strictObject({
      participationId: v.string(),
      campaignId: v.string(),
      campaignTitle: v.string(),
      flightName: v.string(),
      status: v.string(),
      appliedAt: v.string(),
      withdrawable: v.boolean(),
    }),
  ),
  /** The newest messages to the member (by their id, or older rows by address), without bodies. */
  messages: v.array(SentMessageSchema),
})
export type OpsMember = v.InferOutput<typeof OpsMemberSchema>

/** Goodwill points one staff person grants within a day, above which a grant needs a recent sign-in. */
export const GOODWILL_POINTS_WITHOUT_REAUTH = 500

export const GoodwillBodySchema = v.strictObject({
  /** Made once per grant in the browser: the same request sent again (a retry) grants nothing more. */
  requestId: Uuid,
  points: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1), v.maxValue(10_000)),
  reason: v.pipe(v.string(), v.trim(), v.minLength(3, 'say why'), v.maxLength(200)),
})
export const GoodwillResultSchema = v.strictObject({ granted: v.number(), balance: v.number() })

export const SupportWithdrawBodySchema = v.strictObject({
  /** What the member asked, for the audit log. */
  note: v.pipe(v.string(), v.trim(), v.minLength(3, 'say what the member asked'), v.maxLength(200)),
})
export const SupportWithdrawResultSchema = v.strictObject({ participationId: v.string(), status: v.string() })

export const VerificationSentSchema = v.strictObject({ sent: v.literal(true) })

// ---- Campaign lifecycle

export const CampaignStatusBodySchema = v.strictObject({
  status: v.picklist(['published', 'archived'], 'must be published or archived'),
})
/** What a member needs of a campaign before it can be published; each missing part named. */
export const PUBLISH_REQUIREMENTS = ['product-image', 'flight', 'review-task'] as const
export const CampaignStatusResultSchema = v.strictObject({ campaignId: v.string(), status: v.picklist(CAMPAIGN_STATUSES) })
