// The console's moderation queue: reviews waiting for a decision, and the decision.
import * as v from 'valibot'
import { pageOf } from './common'
import { RejectionReasonSchema } from './review-rejection'
import { OpsPageNumber, OpsPageSize, OpsIsoTime } from './staff'

export const MODERATION_SORTS = ['oldest', 'newest', 'rating-asc', 'rating-desc'] as const
export const ModerationQuerySchema = v.strictObject({
  page: OpsPageNumber,
  pageSize: OpsPageSize,
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

export const ModerationPageSchema = pageOf(QueuedReviewSchema)
export type ModerationPage = v.InferOutput<typeof ModerationPageSchema>

/** When the review the moderator read was sent: a version sent again since is not decided unread (409). */
const seenVersion = { submittedAt: OpsIsoTime }

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
