// Shipments for fulfilment: the parcels by state, each step of a parcel, and the partner's tracking file.
import * as v from 'valibot'
import { AddressSchema } from './address'
import { OpsPageNumber, OpsPageSize } from './staff'

export const SHIPMENT_VIEWS = ['pending', 'shipped', 'delivered', 'returns'] as const
export type ShipmentView = (typeof SHIPMENT_VIEWS)[number]

export const OpsShipmentsQuerySchema = v.strictObject({
  page: OpsPageNumber,
  pageSize: OpsPageSize,
  view: v.optional(v.picklist(SHIPMENT_VIEWS), 'pending'),
  campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))),
})
export type OpsShipmentsQuery = v.InferOutput<typeof OpsShipmentsQuerySchema>

/** Where a parcel goes: the member's saved address as they see it. */
const ShippingAddressSchema = v.omit(AddressSchema, ['updatedAt'])

export const OpsShipmentSchema = v.strictObject({
  shipmentId: v.string(),
  participationId: v.string(),
  campaignSlug: v.string(),
  productName: v.string(),
  displayName: v.string(),
  status: v.string(),
  carrier: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  returnStatus: v.nullable(v.string()),
  returnReason: v.nullable(v.string()),
  createdAt: v.string(),
  /** The member's shipping address now (null once deleted). */
  address: v.nullable(ShippingAddressSchema),
})
export type OpsShipment = v.InferOutput<typeof OpsShipmentSchema>

export const OpsShipmentPageSchema = v.strictObject({ items: v.array(OpsShipmentSchema), page: v.number(), pageSize: v.number(), total: v.number() })
export type OpsShipmentPage = v.InferOutput<typeof OpsShipmentPageSchema>

/** A carrier's name as fulfilment partners write it. */
export const CarrierSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, 'name the carrier'),
  v.maxLength(40),
  v.regex(/^[\p{L}\p{N} .&'-]+$/u, 'is not a carrier name'),
)
/** Tracking numbers: 6 to 40 letters and digits, hyphens allowed (no spaces, no URLs). */
export const TrackingNumberSchema = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9-]{4,38}[A-Za-z0-9]$/, 'must be 6 to 40 letters and digits'))

export const ShipmentActionBodySchema = v.variant('action', [
  v.strictObject({ action: v.literal('ship'), carrier: CarrierSchema, trackingNumber: TrackingNumberSchema }),
  v.strictObject({ action: v.literal('deliver') }),
  v.strictObject({
    action: v.literal('return-label'),
    labelUrl: v.pipe(v.string(), v.url('must be a web address'), v.startsWith('https://', 'must be an https address'), v.maxLength(500)),
  }),
  v.strictObject({ action: v.literal('returned') }),
])
export type ShipmentActionBody = v.InferOutput<typeof ShipmentActionBodySchema>
export const ShipmentActionResultSchema = v.strictObject({ shipmentId: v.string(), status: v.string(), returnStatus: v.nullable(v.string()) })

/** At most this many rows in one tracking file. */
export const TRACKING_IMPORT_MAX_ROWS = 5000
/** The columns of a tracking file, in this order, with this header line. */
export const TRACKING_IMPORT_COLUMNS = ['shipment_id', 'carrier', 'tracking_number'] as const

export const TrackingImportQuerySchema = v.strictObject({
  /** Without it the file is only checked: the report says what would happen and nothing is written. */
  apply: v.optional(v.picklist(['true', 'false']), 'false'),
})

/** Why a row (or the whole file) cannot be applied: a code the console words, with what it needs. */
export const TRACKING_IMPORT_ERRORS = [
  'not-utf8',
  'not-csv',
  'empty',
  'missing-columns',
  'too-many-rows',
  'invalid-value',
  'duplicate',
  'unknown-shipment',
  'already-shipped',
  'apply-failed',
] as const
export const TrackingImportErrorSchema = v.strictObject({
  line: v.number(),
  code: v.picklist(TRACKING_IMPORT_ERRORS),
  /** invalid-value: the column; missing-columns: the columns missing, comma-separated. */
  column: v.nullable(v.string()),
  /** duplicate: the line it first appears on; too-many-rows: the row count; already-shipped: the carrier and tracking number it has. */
  detail: v.nullable(v.string()),
  /** The same in English, for scripts and logs. */
  message: v.string(),
})
export type TrackingImportError = v.InferOutput<typeof TrackingImportErrorSchema>

export const TrackingImportReportSchema = v.strictObject({
  applied: v.boolean(),
  rows: v.number(),
  /** Rows that would ship (or shipped) a parcel. */
  toShip: v.number(),
  /** Rows already applied: the same carrier and tracking number on a shipped parcel. */
  unchanged: v.number(),
  errors: v.array(TrackingImportErrorSchema),
})
export type TrackingImportReport = v.InferOutput<typeof TrackingImportReportSchema>
