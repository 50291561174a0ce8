// Shipments for fulfilment: the member API checks the shipments:manage capability on each call.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ENDPOINTS } from '#contract/endpoints'
import { SHIPMENT_VIEWS, ShipmentActionBodySchema } from '#contract/ops-shipments'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

export const ShipmentsInputSchema = v.strictObject({
  view: v.picklist(SHIPMENT_VIEWS),
  /** A campaign's address name. */
  campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
})
export type ShipmentsInput = v.InferOutput<typeof ShipmentsInputSchema>

/** Parcels on one page of the table. */
export const SHIPMENTS_PAGE_SIZE = 25

/** A tracking file is at most this big (the member API refuses more). */
export const TRACKING_FILE_MAX_BYTES = 2 * 1024 * 1024

/** GET ops/v1/shipments: one page of parcels in one state, with the address to send to. */
export const getOpsShipmentsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(ShipmentsInputSchema)
  .handler(({ context, data }) =>
    callEndpoint(ENDPOINTS.opsShipments, {
      member: context.member,
      query: { page: String(data.page), pageSize: String(SHIPMENTS_PAGE_SIZE), view: data.view, campaign: data.campaign },
    }),
  )

/** POST ops/v1/shipments/:id/action: ship, deliver, issue a return label, mark returned; audited. */
export const shipmentActionFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ shipmentId: Uuid, action: ShipmentActionBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsShipmentAction, {
      member: context.member,
      params: { id: data.shipmentId },
      body: data.action,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

const encoder = new TextEncoder()

/**
 * POST ops/v1/shipments/tracking-import: the partner's tracking file, checked into a report
 * (`apply` false: nothing is written) or applied. Server functions take JSON, so the file comes as
 * its text and goes on to the member API as its UTF-8 bytes.
 */
export const importTrackingFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(
    v.strictObject({
      csv: v.pipe(
        v.string(),
        v.minLength(1),
        v.check((text) => encoder.encode(text).length <= TRACKING_FILE_MAX_BYTES, 'is larger than 2 MB'),
      ),
      apply: v.boolean(),
    }),
  )
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsTrackingImport, {
      member: context.member,
      query: { apply: data.apply ? 'true' : 'false' },
      upload: encoder.encode(data.csv),
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
      timeoutMs: 60_000,
    }),
  )
