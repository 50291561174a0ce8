import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ReturnRequestBodySchema, ShipmentSchema, ShipmentsResultSchema } from '#contract/participations'
import { SHIPMENTS_PATH, SHIPMENT_RETURN_PATH } from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuiteAs } from '~/upstream/suite-client.server'

/** GET logistics/v1/members/shipments: the member's shipments with their returns, newest first. */
export const getShipmentsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: SHIPMENTS_PATH, schema: ShipmentsResultSchema }))

/** POST logistics/v1/members/shipments/:sid/return: once per shipment, within the return window. */
export const requestReturnFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ shipmentId: v.pipe(v.string(), v.uuid()), ...ReturnRequestBodySchema.entries }))
  .handler(({ context, data: { shipmentId, ...body } }) =>
    callSuiteAs(context.member, { method: 'POST', path: SHIPMENT_RETURN_PATH, params: { sid: shipmentId }, body, schema: ShipmentSchema }),
  )
