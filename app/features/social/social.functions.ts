// The social page's read (social.queries.ts, used by its loader, which every page's first script
// carries); what the member sends from that page has its own file (social-posts.functions.ts).
import { createServerFn } from '@tanstack/react-start'
import { SocialPostsQuerySchema } from '#contract/content'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET logistics/v1/content/flight/social?participationId=… */
export const getSocialPostsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(SocialPostsQuerySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.socialPosts, { member: context.member, query: data }))
