// Shipments of selected participations, and return requests.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Shipment } from '../../contract/participations'
import type { Executor } from '../db/client'
import { campaigns, participations, products, shipments } from '../db/schema'
import { conflict, notFound } from '../http/errors'

type ShipmentRow = typeof shipments.$inferSelect

/** A delivered product may be returned within this many days. */
export const RETURN_WINDOW_DAYS = 30
const DAY = 24 * 60 * 60 * 1000

export function returnableUntil(row: Pick<ShipmentRow, 'deliveredAt'>): Date | null {
  return row.deliveredAt ? new Date(row.deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY) : null
}

export async function loadShipments(ex: Executor, where: { memberId: string; participationIds?: string[]; shipmentId?: string }): Promise<Shipment[]> {
  const conditions = [eq(shipments.memberId, where.memberId)]
  if (where.participationIds) {
    if (where.participationIds.length === 0) return []
    conditions.push(inArray(shipments.participationId, where.participationIds))
  }
  if (where.shipmentId) conditions.push(eq(shipments.id, where.shipmentId))
  const rows = await ex
    .select({ shipment: shipments, campaign: campaigns, product: products })
    .from(shipments)
    .innerJoin(participations, eq(participations.id, shipments.participationId))
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .innerJoin(products, eq(products.id, campaigns.productId))
    .where(and(...conditions))
    .orderBy(desc(shipments.createdAt))
  return rows.map(({ shipment, campaign, product }) => toShipment(shipment, campaign, product))
}

export function toShipment(s: ShipmentRow, campaign: { id: string; title: string }, product: { name: string; images: string[] }): Shipment {
  return {
    id: s.id,
    participationId: s.participationId,
    campaignId: campaign.id,
    campaignTitle: campaign.title,
    productName: product.name,
    imageUrl: product.images[0] ?? '',
    status: s.status,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    shippedAt: s.shippedAt?.toISOString() ?? null,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    returnableUntil: returnableUntil(s)?.toISOString() ?? null,
    return:
      s.returnStatus && s.returnReason && s.returnRequestedAt
        ? {
            status: s.returnStatus,
            reason: s.returnReason as NonNullable<Shipment['return']>['reason'],
            comment: s.returnComment,
            requestedAt: s.returnRequestedAt.toISOString(),
            labelUrl: s.returnLabelUrl,
            labelIssuedAt: s.returnLabelIssuedAt?.toISOString() ?? null,
            returnedAt: s.returnedAt?.toISOString() ?? null,
          }
        : null,
  }
}

export async function requestReturn(
  ex: Executor,
  memberId: string,
  shipmentId: string,
  body: { reason: string; comment?: string | undefined },
  now: Date,
): Promise<Shipment> {
  const [row] = await ex
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.memberId, memberId)))
  if (!row) throw notFound('Shipment')
  if (row.status !== 'delivered') throw conflict('A return can be requested once the product is delivered')
  if (row.returnStatus) throw conflict('A return was already requested for this shipment')
  const until = returnableUntil(row)
  if (!until || now > until) throw conflict(`Returns are possible within ${RETURN_WINDOW_DAYS} days of delivery`)
  // The status guard in the WHERE makes a double submit a no-op rather than a second request.
  const updated = await ex
    .update(shipments)
    .set({ returnStatus: 'requested', returnReason: body.reason, returnComment: body.comment || null, returnRequestedAt: now })
    .where(and(eq(shipments.id, shipmentId), eq(shipments.memberId, memberId), eq(shipments.status, 'delivered'), isNull(shipments.returnStatus)))
    .returning({ id: shipments.id, returnStatus: shipments.returnStatus })
  if (updated.length === 0) throw conflict('The shipment changed; reload and try again')
  const [shipment] = await loadShipments(ex, { memberId, shipmentId })
  if (!shipment) throw notFound('Shipment')
  return shipment
}
