import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ImpressionsBodySchema, ReviewBodySchema, SocialPostBodySchema, SocialPostsQuerySchema, type RcProduct } from '#contract/content'
import { RC_PRODUCT_PATH } from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'
import type { UpstreamResult } from '~/upstream/upstream-result'

const isUuid = (value: string) => v.is(v.pipe(v.string(), v.uuid()), value)

/**
 * GET logistics/v1/content/rc_product: the product, the member's participation and review, and
 * whether a review can be submitted now. Ids from the address bar that cannot be ids answer like
 * unknown ones (the 404 page), not with a form error.
 */
export const getRcProductFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ productId: v.pipe(v.string(), v.maxLength(100)), campaignId: v.pipe(v.string(), v.maxLength(100)) }))
  .handler(async ({ context, data }): Promise<UpstreamResult<RcProduct>> => {
    if (!isUuid(data.productId) || !isUuid(data.campaignId)) return { ok: false, failure: { kind: 'not-found', path: RC_PRODUCT_PATH } }
    return callEndpoint(ENDPOINTS.rcProduct, { member: context.member, query: data })
  })

/** POST logistics/v1/content/flight/review: one review per participation (a rejected one may be sent again). */
export const submitReviewFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(ReviewBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.submitReview, { member: context.member, body: data }))

/** GET logistics/v1/content/flight/social?participationId=… */
export const getSocialPostsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(SocialPostsQuerySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.socialPosts, { member: context.member, query: data }))

/** POST logistics/v1/content/flight/social: one post link per participation and platform. */
export const submitSocialPostFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialPostBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.submitSocialPost, { member: context.member, body: data }))

/** POST logistics/v1/content/flight/social/impressions: a new report of a post's reach and engagement. */
export const reportImpressionsFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(ImpressionsBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.reportImpressions, { member: context.member, body: data }))
