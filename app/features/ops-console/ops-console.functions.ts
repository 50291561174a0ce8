// The console's own call: who the staff person is. Every other console call is in its feature's
// functions file, and the member API checks the caller's capability on each of them.
import { createServerFn } from '@tanstack/react-start'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET ops/v1/me: the signed-in person's roles and capabilities (403 for a member without a role). */
export const getStaffSelfFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.staffSelf, { member: context.member }))
