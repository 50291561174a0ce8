// The write-review page's read (review-writing.queries.ts, used by its loader, which every page's
// first script carries); sending the review and its photos has its own file (review-submission.functions.ts).
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { isUuid } from '#contract/common'
import type { RcProduct } from '#contract/content'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'
import type { UpstreamResult } from '~/upstream/upstream-result'

/**
 * GET logistics/v1/content/rc_product: the product, the member's participation and review, and
 * whether a review can be submitted now. Ids from the address bar that cannot be ids answer like
 * unknown ones (the 404 page), not with a form error.
 */
export const getRcProductFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ productId: v.pipe(v.string(), v.maxLength(100)), campaignId: v.pipe(v.string(), v.maxLength(100)) }))
  .handler(async ({ context, data }): Promise<UpstreamResult<RcProduct>> => {
    if (!isUuid(data.productId) || !isUuid(data.campaignId)) return { ok: false, failure: { kind: 'not-found', path: ENDPOINTS.rcProduct.path } }
    return callEndpoint(ENDPOINTS.rcProduct, { member: context.member, query: data })
  })
