import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ReturnRequestBodySchema } from '#contract/participations'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** POST logistics/v1/members/shipments/:sid/return: once per shipment, within the return window. */
export const requestReturnFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ shipmentId: Uuid, ...ReturnRequestBodySchema.entries }))
  .handler(({ context, data: { shipmentId, ...body } }) => callEndpoint(ENDPOINTS.requestReturn, { member: context.member, params: { sid: shipmentId }, body }))
