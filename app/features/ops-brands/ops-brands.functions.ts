// Brands and their users: the member API checks the brands:manage capability (and a recent sign-in
// to invite), and audits every change.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { CreateBrandBodySchema, InviteBrandUserBodySchema } from '#contract/brands'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

const audited = async () => ({ clientIp: await browserAddress(), userAgent: await browserUserAgent() })

/** GET ops/v1/brands: every brand with its users and the invitations not yet accepted. */
export const getBrandsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsBrands, { member: context.member }))

/** POST ops/v1/brands: add a brand before any of its products. */
export const createBrandFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(CreateBrandBodySchema)
  .handler(async ({ context, data }) => callEndpoint(ENDPOINTS.opsCreateBrand, { member: context.member, body: data, ...(await audited()) }))

/** POST ops/v1/brands/:id/invitations: e-mail an invitation link to join the brand. */
export const inviteBrandUserFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ brandId: Uuid, body: InviteBrandUserBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsInviteBrandUser, { member: context.member, params: { id: data.brandId }, body: data.body, ...(await audited()) }),
  )

/** DELETE ops/v1/brands/:id/invitations/:invitationId: the link stops working. */
export const withdrawInvitationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ brandId: Uuid, invitationId: Uuid }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsWithdrawBrandInvitation, {
      member: context.member,
      params: { id: data.brandId, invitationId: data.invitationId },
      ...(await audited()),
    }),
  )

/** DELETE ops/v1/brands/:id/users/:uid: the person's next call is refused. */
export const removeBrandUserFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ brandId: Uuid, uid: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsRemoveBrandUser, { member: context.member, params: { id: data.brandId, uid: data.uid }, ...(await audited()) }),
  )
