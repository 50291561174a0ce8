import { createServerFn } from '@tanstack/react-start'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

/** POST intercom/v1/generate-token: the signed token that identifies the member to the support chat. */
export const getChatTokenFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.intercomToken, { member: context.member, body: {} }))
