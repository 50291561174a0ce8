import { createServerFn } from '@tanstack/react-start'
import { AddressInputSchema } from '#contract/address'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** PUT logistics/v1/members/address */
export const saveAddressFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AddressInputSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putAddress, { member: context.member, body: data }))
