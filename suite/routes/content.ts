// Member content: the review page, reviews, social posts and impressions.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { listSocialPosts, rcProduct, reportImpressions, submitReview, submitSocialPost } from '../services/content'

export function registerContentRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.rcProduct, (c, { query }) => rcProduct(deps.db, currentMember(c), query.productId, query.campaignId))
  route(ENDPOINTS.submitReview, async (c, { body }) => {
    const created = await submitReview(deps, currentMember(c), body)
    c.status(201)
    return created
  })
  route(ENDPOINTS.socialPosts, async (c, { query }) => ({ posts: await listSocialPosts(deps.db, currentMember(c), query.participationId) }))
  route(ENDPOINTS.submitSocialPost, async (c, { body }) => {
    const created = await submitSocialPost(deps, currentMember(c), body)
    c.status(201)
    return created
  })
  route(ENDPOINTS.reportImpressions, async (c, { body }) => {
    const created = await reportImpressions(deps, currentMember(c), body)
    c.status(201)
    return created
  })
}
