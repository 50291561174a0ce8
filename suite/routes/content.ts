// Member content: the review page, reviews, social posts and impressions.
import type { Hono } from 'hono'
import { ImpressionsBodySchema, RcProductQuerySchema, ReviewBodySchema, SocialPostBodySchema, SocialPostsQuerySchema } from '../../contract/content'
import { FLIGHT_REVIEW_PATH, FLIGHT_SOCIAL_IMPRESSIONS_PATH, FLIGHT_SOCIAL_PATH, RC_PRODUCT_PATH } from '../../contract/paths'
import type { SuiteDeps } from '../deps'
import { currentMember, memberAuth } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { ok } from '../http/respond'
import { parseBody, parseQuery } from '../http/validate'
import { listSocialPosts, rcProduct, reportImpressions, submitReview, submitSocialPost } from '../services/content'

export function registerContentRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)
  app.get(`/${RC_PRODUCT_PATH}`, member, async (c) => {
    const query = parseQuery(c, RcProductQuerySchema)
    return ok(c, await rcProduct(deps.db, currentMember(c), query.productId, query.campaignId))
  })
  app.post(`/${FLIGHT_REVIEW_PATH}`, member, async (c) => {
    const body = await parseBody(c, ReviewBodySchema)
    return ok(c, await submitReview(deps, currentMember(c), body), 201)
  })
  app.get(`/${FLIGHT_SOCIAL_PATH}`, member, async (c) => {
    const query = parseQuery(c, SocialPostsQuerySchema)
    return ok(c, { posts: await listSocialPosts(deps.db, currentMember(c), query.participationId) })
  })
  app.post(`/${FLIGHT_SOCIAL_PATH}`, member, async (c) => {
    const body = await parseBody(c, SocialPostBodySchema)
    return ok(c, await submitSocialPost(deps, currentMember(c), body), 201)
  })
  app.post(`/${FLIGHT_SOCIAL_IMPRESSIONS_PATH}`, member, async (c) => {
    const body = await parseBody(c, ImpressionsBodySchema)
    return ok(c, await reportImpressions(deps, currentMember(c), body), 201)
  })
}
