import { createServerFn } from '@tanstack/react-start'
import { UpdateProfileBodySchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** PATCH suite/api/members/update-profile: only the fields sent change. */
export const updateProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(UpdateProfileBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.updateProfile, { member: context.member, body: data }))
