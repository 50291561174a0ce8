// Participations (member × campaign flight), sign-up, tasks, shipments and returns.
import * as v from 'valibot'
import { RejectionReasonSchema } from './review-rejection'
import { CampaignKindSchema, IneligibleReasonSchema, TasksSchema } from './campaigns'
import { Timestamp, Uuid, optionalText } from './common'
import { RETURN_REASONS } from './participation-rules'

export const PARTICIPATION_STATUSES = [
  'applied',
  'selected',
  'waitlisted',
  /** A curated flight's applicant not chosen by the time its sign-up closed. */
  'not-selected',
  'not-eligible',
  'shipped',
  'delivered',
  'reviewed',
  'completed',
  'withdrawn',
] as const
export const ParticipationStatusSchema = v.picklist(PARTICIPATION_STATUSES)
export type ParticipationStatus = v.InferOutput<typeof ParticipationStatusSchema>

export { RETURN_REASONS, requiredTasks, WITHDRAWABLE_STATUSES, type TaskKey } from './participation-rules'

export const SHIPMENT_STATUSES = ['pending', 'shipped', 'delivered'] as const
export const RETURN_STATUSES = ['requested', 'label-issued', 'returned'] as const

export const ShipmentReturnSchema = v.strictObject({
  status: v.picklist(RETURN_STATUSES),
  reason: v.picklist(RETURN_REASONS),
  comment: v.nullable(v.string()),
  requestedAt: Timestamp,
  labelUrl: v.nullable(v.string()),
  labelIssuedAt: v.nullable(Timestamp),
  returnedAt: v.nullable(Timestamp),
})

export const ShipmentSchema = v.strictObject({
  id: v.string(),
  participationId: v.string(),
  campaignId: v.string(),
  campaignTitle: v.string(),
  productName: v.string(),
  imageUrl: v.string(),
  status: v.picklist(SHIPMENT_STATUSES),
  carrier: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  shippedAt: v.nullable(Timestamp),
  deliveredAt: v.nullable(Timestamp),
  /** Until when a return may be requested (set once delivered). */
  returnableUntil: v.nullable(Timestamp),
  return: v.nullable(ShipmentReturnSchema),
})
export type Shipment = v.InferOutput<typeof ShipmentSchema>
export const ShipmentsResultSchema = v.strictObject({ shipments: v.array(ShipmentSchema) })
export type ShipmentsResult = v.InferOutput<typeof ShipmentsResultSchema>

/** POST logistics/v1/members/shipments/:sid/return */
export const ReturnRequestBodySchema = v.strictObject({
  reason: v.picklist(RETURN_REASONS),
  comment: v.optional(optionalText(1000)),
})

export const ParticipationSchema = v.strictObject({
  id: v.string(),
  campaignId: v.string(),
  flightId: v.string(),
  campaign: v.strictObject({
    slug: v.string(),
    title: v.string(),
    brand: v.string(),
    kind: CampaignKindSchema,
    productId: v.string(),
    productName: v.string(),
    imageUrl: v.string(),
    /** The tasks the campaign sets for its testers. */
    tasks: TasksSchema,
  }),
  flightName: v.string(),
  reviewDueAt: Timestamp,
  status: ParticipationStatusSchema,
  /** 1-based place on the flight's waitlist while waitlisted. */
  waitlistPosition: v.nullable(v.number()),
  /** Why the member was not eligible when they applied, by code (the portal words each one). */
  ineligibleReasons: v.array(IneligibleReasonSchema),
  appliedAt: Timestamp,
  selectedAt: v.nullable(Timestamp),
  withdrawnAt: v.nullable(Timestamp),
  /** When the test was completed: every required task done, the review published. */
  completedAt: v.nullable(Timestamp),
  tasks: v.strictObject({
    questionnaireAckedAt: v.nullable(Timestamp),
    purchaseIntentAckedAt: v.nullable(Timestamp),
    reviewSubmittedAt: v.nullable(Timestamp),
    socialSubmittedAt: v.nullable(Timestamp),
    impressionsReportedAt: v.nullable(Timestamp),
  }),
  shipment: v.nullable(ShipmentSchema),
  review: v.nullable(
    v.strictObject({
      id: v.string(),
      status: v.picklist(['pending', 'published', 'rejected']),
      rejectionReason: v.nullable(v.string()),
      /** Why the review was not published (rejected reviews); rejectionReason holds the moderator's note. */
      rejectionCode: v.nullable(RejectionReasonSchema),
      publishedAt: v.nullable(Timestamp),
    }),
  ),
})
export type Participation = v.InferOutput<typeof ParticipationSchema>

export const ParticipationListSchema = v.strictObject({ items: v.array(ParticipationSchema) })
export type ParticipationList = v.InferOutput<typeof ParticipationListSchema>

export const ScreenerAnswerSchema = v.strictObject({
  questionId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  answer: v.union([v.pipe(v.string(), v.trim(), v.maxLength(1000)), v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(20))]),
})
export type ScreenerAnswer = v.InferOutput<typeof ScreenerAnswerSchema>

/** POST logistics/v1/campaigns/process_signup */
export const ProcessSignupBodySchema = v.strictObject({
  campaignId: Uuid,
  /** The flight to join; the flight open for sign-up when left out. */
  flightId: v.optional(Uuid),
  answers: v.optional(v.pipe(v.array(ScreenerAnswerSchema), v.maxLength(30)), []),
})
export type ProcessSignupBody = v.InferInput<typeof ProcessSignupBodySchema>

/** PATCH suite/api/campaigns/:cid/participations/:pid */
export const ParticipationPatchBodySchema = v.strictObject({ action: v.literal('withdraw') })

export const ParticipationListQuerySchema = v.strictObject({ status: v.optional(ParticipationStatusSchema) })

/** POST logistics/v1/participations/ack_questionnaire and ack_vp_intent */
export const AckBodySchema = v.strictObject({ participationId: Uuid })
