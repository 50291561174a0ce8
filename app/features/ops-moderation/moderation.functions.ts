// The moderation queue's calls; the member API checks the reviews:moderate capability on each.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ENDPOINTS } from '#contract/endpoints'
import { MODERATION_SORTS, ReviewDecisionBodySchema } from '#contract/ops-moderation'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

export const ModerationInputSchema = v.strictObject({
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  sort: v.picklist(MODERATION_SORTS),
  campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
  rating: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
})
export type ModerationInput = v.InferOutput<typeof ModerationInputSchema>

/** Reviews on one page of the queue. */
export const MODERATION_PAGE_SIZE = 20

/** GET ops/v1/reviews: one page of reviews waiting for a decision. */
export const getModerationQueueFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(ModerationInputSchema)
  .handler(({ context, data }) =>
    callEndpoint(ENDPOINTS.opsModerationQueue, {
      member: context.member,
      query: {
        page: String(data.page),
        pageSize: String(MODERATION_PAGE_SIZE),
        sort: data.sort,
        campaign: data.campaign,
        rating: data.rating === undefined ? undefined : String(data.rating),
        q: data.q,
      },
    }),
  )

/** POST ops/v1/reviews/:id/decision: publish, or reject with a reason; audited with this browser's address and user agent. */
export const decideReviewFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ reviewId: Uuid, decision: ReviewDecisionBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsDecideReview, {
      member: context.member,
      params: { id: data.reviewId },
      body: data.decision,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
