// Member content for a participation: the review and social posts with their impressions.
import * as v from 'valibot'
import { RejectionReasonSchema } from './review-rejection'
import { ProductSchema } from './campaigns'
import { HttpUrl, SocialPlatformSchema, Timestamp, Uuid } from './common'
import { ParticipationSchema } from './participations'
import { ReviewPhotoSchema, ReviewPhotosInputSchema, UploadedPhotoSchema } from './review-photos'

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const

export const MemberReviewSchema = v.strictObject({
  id: v.string(),
  participationId: v.string(),
  rating: v.number(),
  title: v.string(),
  body: v.string(),
  /** In the order the member chose, each with its description. */
  photos: v.array(ReviewPhotoSchema),
  receivedForFree: v.boolean(),
  status: v.picklist(REVIEW_STATUSES),
  rejectionReason: v.nullable(v.string()),
  /** Why the review was not published (rejected reviews); rejectionReason holds the moderator's note. */
  rejectionCode: v.nullable(RejectionReasonSchema),
  submittedAt: Timestamp,
  publishedAt: v.nullable(Timestamp),
})
export type MemberReview = v.InferOutput<typeof MemberReviewSchema>

/** GET logistics/v1/content/rc_product?productId=…&campaignId=… (the page /en/products/:id/reviews/:campaignId). */
export const RcProductQuerySchema = v.strictObject({ productId: Uuid, campaignId: Uuid })
export const RcProductSchema = v.strictObject({
  product: ProductSchema,
  campaign: v.strictObject({ id: v.string(), slug: v.string(), title: v.string(), brand: v.string() }),
  participation: v.nullable(ParticipationSchema),
  review: v.nullable(MemberReviewSchema),
  /** The photos the member has uploaded for this participation's review so far, oldest first. */
  photos: v.array(UploadedPhotoSchema),
  canSubmit: v.boolean(),
  /** Why a review cannot be submitted now (null when it can). */
  reason: v.nullable(v.string()),
})
export type RcProduct = v.InferOutput<typeof RcProductSchema>

/** POST logistics/v1/content/flight/review: one per participation (a rejected one may be resubmitted). */
export const ReviewBodySchema = v.strictObject({
  participationId: Uuid,
  rating: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1), v.maxValue(5)),
  title: v.pipe(v.string(), v.trim(), v.minLength(3, 'at least 3 characters'), v.maxLength(120)),
  body: v.pipe(v.string(), v.trim(), v.minLength(50, 'at least 50 characters'), v.maxLength(5000)),
  /** Disclosure that the product was received for free; required on every review. */
  receivedForFree: v.literal(true, 'the disclosure must be accepted'),
  /** Uploaded photos of this participation (logistics/v1/content/flight/review/photos), in the order shown. */
  photos: v.optional(ReviewPhotosInputSchema, []),
})
export type ReviewBody = v.InferInput<typeof ReviewBodySchema>

export const ImpressionsSchema = v.strictObject({
  reach: v.number(),
  likes: v.number(),
  comments: v.number(),
  shares: v.number(),
  reportedAt: Timestamp,
})

export const SocialPostSchema = v.strictObject({
  id: v.string(),
  participationId: v.string(),
  platform: SocialPlatformSchema,
  url: v.string(),
  submittedAt: Timestamp,
  impressions: v.array(ImpressionsSchema),
})
export type SocialPost = v.InferOutput<typeof SocialPostSchema>
export const SocialPostsResultSchema = v.strictObject({ posts: v.array(SocialPostSchema) })
export type SocialPostsResult = v.InferOutput<typeof SocialPostsResultSchema>

export const SocialPostsQuerySchema = v.strictObject({ participationId: Uuid })
/** POST logistics/v1/content/flight/social: one post per participation and platform. */
export const SocialPostBodySchema = v.strictObject({ participationId: Uuid, platform: SocialPlatformSchema, url: HttpUrl })

const count = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0), v.maxValue(1_000_000_000))
/** POST logistics/v1/content/flight/social/impressions */
export const ImpressionsBodySchema = v.strictObject({ postId: Uuid, reach: count, likes: count, comments: count, shares: count })
