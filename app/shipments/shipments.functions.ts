import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ReturnRequestBodySchema } from '#contract/participations'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** GET logistics/v1/members/shipments: the member's shipments with their returns, newest first. */
export const getShipmentsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.shipments, { member: context.member }))

/** POST logistics/v1/members/shipments/:sid/return: once per shipment, within the return window. */
export const requestReturnFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ shipmentId: v.pipe(v.string(), v.uuid()), ...ReturnRequestBodySchema.entries }))
  .handler(({ context, data: { shipmentId, ...body } }) => callEndpoint(ENDPOINTS.requestReturn, { member: context.member, params: { sid: shipmentId }, body }))
