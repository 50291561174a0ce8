// Operator transitions members cannot make themselves (the ops CLI, the seed and tests use them).
import { and, eq } from 'drizzle-orm'
import { members, participations, shipments } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { conflict, notFound } from '../http/errors'
import { selectParticipation } from './participations'
import { approveReview, rejectReview } from './reviews'

export { selectParticipation, approveReview, rejectReview }

/** Accepts a shipment id or the id of its participation. */
async function shipmentFor(deps: SuiteDeps, id: string) {
  const [byId] = await deps.db.select().from(shipments).where(eq(shipments.id, id))
  if (byId) return byId
  const [byParticipation] = await deps.db.select().from(shipments).where(eq(shipments.participationId, id))
  if (byParticipation) return byParticipation
  throw notFound('Shipment')
}

export async function ship(deps: SuiteDeps, id: string, carrier: string, trackingNumber: string) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(shipments)
      .set({ status: 'shipped', carrier, trackingNumber, shippedAt: now })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'pending')))
      .returning()
    if (updated.length === 0) throw conflict(`The shipment is ${shipment.status}, not pending`)
    await tx.update(participations).set({ status: 'shipped', updatedAt: now }).where(eq(participations.id, shipment.participationId))
    const [member] = await tx.select().from(members).where(eq(members.id, shipment.memberId))
    if (member?.email && member.notificationSettings.email.shipmentUpdates) {
      await deps.outbox.enqueue(tx, {
        channel: 'email',
        to: member.email,
        subject: 'Your test product is on its way',
        body: `It ships with ${carrier}, tracking number ${trackingNumber}.`,
      })
    }
  })
  return shipment.id
}

export async function deliver(deps: SuiteDeps, id: string) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: now })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'shipped')))
      .returning()
    if (updated.length === 0) throw conflict(`The shipment is ${shipment.status}, not shipped`)
    await tx
      .update(participations)
      .set({ status: 'delivered', updatedAt: now })
      .where(and(eq(participations.id, shipment.participationId), eq(participations.status, 'shipped')))
  })
  return shipment.id
}

export async function issueReturnLabel(deps: SuiteDeps, id: string, labelUrl: string) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  const updated = await deps.db
    .update(shipments)
    .set({ returnStatus: 'label-issued', returnLabelUrl: labelUrl, returnLabelIssuedAt: now })
    .where(and(eq(shipments.id, shipment.id), eq(shipments.returnStatus, 'requested')))
    .returning()
  if (updated.length === 0) throw conflict('No return is waiting for a label on this shipment')
  return shipment.id
}

export async function markReturned(deps: SuiteDeps, id: string) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  const updated = await deps.db
    .update(shipments)
    .set({ returnStatus: 'returned', returnedAt: now })
    .where(and(eq(shipments.id, shipment.id), eq(shipments.returnStatus, 'label-issued')))
    .returning()
  if (updated.length === 0) throw conflict('The return has no label yet')
  return shipment.id
}
