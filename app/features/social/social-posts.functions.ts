import { createServerFn } from '@tanstack/react-start'
import { ImpressionsBodySchema, SocialPostBodySchema } from '#contract/content'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

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
