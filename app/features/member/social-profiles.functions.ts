import { createServerFn } from '@tanstack/react-start'
import { SocialProfileDeleteQuerySchema, SocialProfileInputSchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** PUT logistics/v1/members/social_profiles: adds the platform's profile or replaces it. */
export const saveSocialProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialProfileInputSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putSocialProfile, { member: context.member, body: data }))

/** DELETE logistics/v1/members/social_profiles?platform= */
export const removeSocialProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialProfileDeleteQuerySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.deleteSocialProfile, { member: context.member, query: { platform: data.platform } }))
