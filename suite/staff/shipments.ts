// Shipments for fulfilment: the parcels by state with the shipping address, each step of a parcel,
// the pending parcels' addresses as CSV for a fulfilment partner, and the partner's tracking file
// read back: checked row by row first (a report, nothing written), then applied on confirmation.
import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm'
import * as v from 'valibot'
import {
  CarrierSchema,
  TRACKING_IMPORT_COLUMNS,
  TRACKING_IMPORT_MAX_ROWS,
  TrackingNumberSchema,
  type OpsShipmentPage,
  type OpsShipmentsQuery,
  type ShipmentActionBody,
  type TrackingImportError,
  type TrackingImportReport,
} from '../../contract/ops-shipments'
import type { Country } from '../../contract/common'
import { addresses, campaigns, members, participations, products, shipments } from '../db/schema'
import { longWork, type SuiteDeps } from '../deps'
import { ApiError, badRequest, notFound } from '../http/errors'
import { deliver, issueReturnLabel, markReturned, ship, shipInTransaction } from '../services/operations'
import { FORMER_MEMBER } from '../services/reviews'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { csvLine, CsvSyntaxError, parseCsv } from '../services/csv'
import { sql } from 'drizzle-orm'

const VIEW: Record<OpsShipmentsQuery['view'], SQL> = {
  pending: eq(shipments.status, 'pending'),
  shipped: eq(shipments.status, 'shipped'),
  delivered: eq(shipments.status, 'delivered'),
  returns: isNotNull(shipments.returnStatus),
}

const columns = {
  shipmentId: shipments.id,
  participationId: shipments.participationId,
  campaignSlug: campaigns.slug,
  productName: products.name,
  displayName: sql<string>`case when ${members.pseudonymizedAt} is not null then ${FORMER_MEMBER} else coalesce(nullif(${members.displayName}, ''), 'Member') end`,
  status: shipments.status,
  carrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
  returnStatus: shipments.returnStatus,
  returnReason: shipments.returnReason,
  createdAt: shipments.createdAt,
  address: addresses,
}

function shipmentsQuery(deps: SuiteDeps, query: Pick<OpsShipmentsQuery, 'view' | 'campaign'>, after?: SQL) {
  return deps.db
    .select(columns)
    .from(shipments)
    .innerJoin(participations, eq(participations.id, shipments.participationId))
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .innerJoin(products, eq(products.id, campaigns.productId))
    .innerJoin(members, eq(members.id, shipments.memberId))
    .leftJoin(addresses, eq(addresses.memberId, shipments.memberId))
    .where(and(VIEW[query.view], query.campaign ? eq(campaigns.slug, query.campaign) : undefined, after))
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .$dynamic()
}

type ShipmentRow = Awaited<ReturnType<typeof shipmentsQuery>>[number]

function toOpsShipment(row: ShipmentRow) {
  return {
    shipmentId: row.shipmentId,
    participationId: row.participationId,
    campaignSlug: row.campaignSlug,
    productName: row.productName,
    displayName: row.displayName,
    status: row.status,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    returnStatus: row.returnStatus,
    returnReason: row.returnReason,
    createdAt: row.createdAt.toISOString(),
    address: row.address
      ? {
          name: row.address.name,
          line1: row.address.line1,
          line2: row.address.line2,
          postalCode: row.address.postalCode,
          city: row.address.city,
          region: row.address.region,
          // Checked against the shipping countries when it was saved.
          country: row.address.country as Country,
        }
      : null,
  }
}

export async function opsShipments(deps: SuiteDeps, query: OpsShipmentsQuery): Promise<OpsShipmentPage> {
  const [rows, [counted]] = await Promise.all([
    shipmentsQuery(deps, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db
      .select({ n: count() })
      .from(shipments)
      .innerJoin(participations, eq(participations.id, shipments.participationId))
      .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
      .where(and(VIEW[query.view], query.campaign ? eq(campaigns.slug, query.campaign) : undefined)),
  ])
  return { items: rows.map(toOpsShipment), page: query.page, pageSize: query.pageSize, total: Number(counted?.n ?? 0) }
}

/** One step of one parcel, with the same services (and audit entries) as the command line. */
export async function shipmentAction(deps: SuiteDeps, actor: StaffActor, shipmentId: string, body: ShipmentActionBody) {
  const [exists] = await deps.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipmentId))
  if (!exists) throw notFound('Shipment')
  switch (body.action) {
    case 'ship':
      await ship(deps, shipmentId, body.carrier, body.trackingNumber, actor)
      break
    case 'deliver':
      await deliver(deps, shipmentId, actor)
      break
    case 'return-label':
      await issueReturnLabel(deps, shipmentId, body.labelUrl, actor)
      break
    case 'returned':
      await markReturned(deps, shipmentId, actor)
      break
  }
  const [after] = await deps.db.select({ status: shipments.status, returnStatus: shipments.returnStatus }).from(shipments).where(eq(shipments.id, shipmentId))
  return { shipmentId, status: after!.status, returnStatus: after!.returnStatus }
}

const EXPORT_COLUMNS = [
  'shipment_id',
  'campaign',
  'product',
  'name',
  'line1',
  'line2',
  'postal_code',
  'city',
  'region',
  'country',
  'carrier',
  'tracking_number',
] as const
const EXPORT_BATCH = 500

/**
 * The pending parcels as CSV for a fulfilment partner: the address to send to, and empty carrier
 * and tracking columns the partner fills in and sends back (the import reads the first, second and
 * last of those). Read a batch at a time. Members' addresses leave with it: the export is in the
 * audit log with its filter before anything is read.
 */
export async function pendingShipmentsCsv(deps: SuiteDeps, actor: StaffActor, campaign: string | undefined): Promise<ReadableStream<Uint8Array>> {
  await recordAudit(
    deps.db,
    actor,
    { action: 'shipment.export-pending', targetType: 'shipment', targetId: 'pending', changes: { before: null, after: { campaign: campaign ?? null } } },
    deps.clock.now(),
  )
  const encoder = new TextEncoder()
  // Keyset paging in the list's order (created_at, id): a parcel shipped while the file is read
  // does not shift the pages, so no other parcel drops out of the file.
  let after: { createdAt: Date; id: string } | null = null
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(csvLine(EXPORT_COLUMNS)))
        return
      }
      const from = after
      // Read with the long statement limit, as every export's batches are.
      const rows = await shipmentsQuery(
        { ...deps, db: longWork(deps) },
        { view: 'pending', campaign },
        from ? sql`(${shipments.createdAt}, ${shipments.id}) > (${from.createdAt.toISOString()}::timestamptz, ${from.id}::uuid)` : undefined,
      ).limit(EXPORT_BATCH)
      if (rows.length === 0) return controller.close()
      const last = rows[rows.length - 1]!
      after = { createdAt: last.createdAt, id: last.shipmentId }
      const lines = rows.map((row) => {
        const a = row.address
        return csvLine([row.shipmentId, row.campaignSlug, row.productName, a?.name, a?.line1, a?.line2, a?.postalCode, a?.city, a?.region, a?.country, '', ''])
      })
      controller.enqueue(encoder.encode(lines.join('')))
    },
  })
}

const ImportRowSchema = v.strictObject({
  shipment_id: v.pipe(v.string(), v.trim(), v.uuid('is not a shipment id')),
  carrier: CarrierSchema,
  tracking_number: TrackingNumberSchema,
})

function fault(
  line: number,
  code: TrackingImportError['code'],
  message: string,
  extra: { column?: string | null; detail?: string | null } = {},
): TrackingImportError {
  return { line, code, column: extra.column ?? null, detail: extra.detail ?? null, message }
}

type CheckedRow = { line: number; shipmentId: string; carrier: string; trackingNumber: string }

/**
 * A tracking file (shipment_id, carrier, tracking_number; other columns ignored, such as the
 * export's address columns): every row is checked first. With errors, or without `apply`, nothing
 * is written and the report says what each row would do. Applying ships every pending parcel
 * named; a row whose parcel already shipped with the same carrier and number is left as it is, so
 * applying the same file twice changes nothing.
 */
export async function importTracking(deps: SuiteDeps, actor: StaffActor, bytes: Uint8Array, apply: boolean): Promise<TrackingImportReport> {
  const errors: TrackingImportReport['errors'] = []
  let records: ReturnType<typeof parseCsv>
  try {
    records = parseCsv(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (error) {
    const syntax = error instanceof CsvSyntaxError
    const problem = syntax ? fault(error.line, 'not-csv', `The file is not valid CSV: ${error.message}`) : fault(1, 'not-utf8', 'The file is not UTF-8 text')
    return { applied: false, rows: 0, toShip: 0, unchanged: 0, errors: [problem] }
  }
  const [header, ...data] = records
  if (!header) return { applied: false, rows: 0, toShip: 0, unchanged: 0, errors: [fault(1, 'empty', 'The file is empty')] }
  const names = header.fields.map((name) => name.trim().toLowerCase())
  const index = Object.fromEntries(TRACKING_IMPORT_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof TRACKING_IMPORT_COLUMNS)[number],
    number
  >
  const missing = TRACKING_IMPORT_COLUMNS.filter((column) => index[column] < 0)
  if (missing.length > 0) {
    return {
      applied: false,
      rows: data.length,
      toShip: 0,
      unchanged: 0,
      errors: [
        fault(header.line, 'missing-columns', `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, {
          column: missing.join(', '),
        }),
      ],
    }
  }
  if (data.length > TRACKING_IMPORT_MAX_ROWS) {
    return {
      applied: false,
      rows: data.length,
      toShip: 0,
      unchanged: 0,
      errors: [
        fault(header.line, 'too-many-rows', `The file has ${data.length} rows; at most ${TRACKING_IMPORT_MAX_ROWS} at once`, { detail: String(data.length) }),
      ],
    }
  }

  const checked: CheckedRow[] = []
  const seen = new Map<string, number>()
  for (const record of data) {
    const parsed = v.safeParse(ImportRowSchema, {
      shipment_id: record.fields[index.shipment_id] ?? '',
      carrier: record.fields[index.carrier] ?? '',
      tracking_number: record.fields[index.tracking_number] ?? '',
    })
    if (!parsed.success) {
      const issue = parsed.issues[0]
      const column = issue.path?.[0]?.key
      errors.push(fault(record.line, 'invalid-value', `${String(column ?? 'row')} ${issue.message}`, { column: column === undefined ? null : String(column) }))
      continue
    }
    const earlier = seen.get(parsed.output.shipment_id)
    if (earlier !== undefined) {
      errors.push(fault(record.line, 'duplicate', `shipment_id appears again (first on line ${earlier})`, { detail: String(earlier) }))
      continue
    }
    seen.set(parsed.output.shipment_id, record.line)
    checked.push({ line: record.line, shipmentId: parsed.output.shipment_id, carrier: parsed.output.carrier, trackingNumber: parsed.output.tracking_number })
  }

  const current = new Map(
    checked.length === 0
      ? []
      : (
          await deps.db
            .select({ id: shipments.id, status: shipments.status, carrier: shipments.carrier, trackingNumber: shipments.trackingNumber })
            .from(shipments)
            .where(
              inArray(
                shipments.id,
                checked.map((row) => row.shipmentId),
              ),
            )
        ).map((row) => [row.id, row]),
  )
  const toShip: CheckedRow[] = []
  let unchanged = 0
  for (const row of checked) {
    const shipment = current.get(row.shipmentId)
    if (!shipment) errors.push(fault(row.line, 'unknown-shipment', 'shipment_id names no shipment'))
    else if (shipment.status === 'pending') toShip.push(row)
    else if (shipment.carrier === row.carrier && shipment.trackingNumber === row.trackingNumber) unchanged++
    else
      errors.push(
        fault(row.line, 'already-shipped', `the parcel is already ${shipment.status} with ${shipment.carrier ?? '?'} ${shipment.trackingNumber ?? ''}`.trim(), {
          detail: `${shipment.carrier ?? ''} ${shipment.trackingNumber ?? ''}`.trim(),
        }),
      )
  }
  errors.sort((a, b) => a.line - b.line)
  const report = { applied: false, rows: data.length, toShip: toShip.length, unchanged, errors }
  if (!apply || errors.length > 0) return report
  // All or nothing, in one transaction: each parcel is locked and read again, so a parcel shipped or
  // withdrawn since the check refuses the whole file, nothing is written, and the report says why.
  let applying: CheckedRow | undefined
  try {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now()
      for (const row of toShip) {
        applying = row
        await shipInTransaction(tx, deps, actor, row.shipmentId, row.carrier, row.trackingNumber, now)
      }
    })
  } catch (error) {
    if (!(error instanceof ApiError) || !applying) throw error
    return { ...report, errors: [fault(applying.line, 'apply-failed', `${error.message}; nothing was written: check the file again`)] }
  }
  return { ...report, applied: true }
}

export const trackingFileRefused = () => badRequest(`A tracking file is at most ${TRACKING_IMPORT_MAX_ROWS} rows of CSV`)
