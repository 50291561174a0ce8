// Staff and roles: the member API checks the staff:manage capability and a recent sign-in.
import { createServerFn } from '@tanstack/react-start'
import { ENDPOINTS } from '#contract/endpoints'
import { RoleChangeBodySchema } from '#contract/staff'
import { SecondFactorResetBodySchema } from '#contract/second-factor'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET ops/v1/staff: who holds which role. */
export const getStaffFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsStaff, { member: context.member }))

/** POST ops/v1/staff/grant: give a person (by the e-mail they sign in with) a role. */
export const grantRoleFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(RoleChangeBodySchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsGrantRole, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )

/** POST ops/v1/staff/revoke: take a role back; effective on the person's next call. */
export const revokeRoleFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(RoleChangeBodySchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsRevokeRole, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )

/** POST ops/v1/staff/second-factor/reset: remove a person's second factors (a lost phone); they set up a new one. */
export const resetSecondFactorFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SecondFactorResetBodySchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsResetSecondFactor, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )
