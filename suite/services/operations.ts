// Operator transitions members cannot make themselves (the ops CLI, the console, the seed and tests
// use them). Each takes the acting staff person from its caller and audits the step as theirs: a
// caller always says who acts, so none runs with the command line's capabilities by omission.
import { and, eq, inArray } from 'drizzle-orm'
import { trackingPageUrl } from '../../contract/tracking'
import { campaigns, members, participations, shipments } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { conflict, notFound } from '../http/errors'
import { refuseSelfService, type StaffActor } from '../actors/actor'
import type { Tx } from '../db/client'
import { recordAudit } from '../actors/audit'
import { selectParticipation } from './participations'
import { notifyMember } from './notify'
import { decideReview } from './reviews'
import type { RejectionReason } from '../../contract/review-rejection'

export { selectParticipation }

/** Publish a pending review (the command line, the seed and tests; the console decides through decideReview). */
export async function approveReview(deps: SuiteDeps, reviewId: string, actor: StaffActor): Promise<void> {
  await decideReview(deps, actor, reviewId, { decision: 'approve' })
}

/** Send a pending review back to its author: a note alone is the reason `other`. */
export async function rejectReview(
  deps: SuiteDeps,
  reviewId: string,
  rejection: string | { reason: RejectionReason; note?: string },
  actor: StaffActor,
): Promise<void> {
  const { reason, note } = typeof rejection === 'string' ? { reason: 'other' as const, note: rejection } : rejection
  await decideReview(deps, actor, reviewId, { decision: 'reject', reason, note })
}

/** Accepts a shipment id or the id of its participation. */
async function shipmentFor(deps: SuiteDeps, id: string) {
  const [byId] = await deps.db.select().from(shipments).where(eq(shipments.id, id))
  if (byId) return byId
  const [byParticipation] = await deps.db.select().from(shipments).where(eq(shipments.participationId, id))
  if (byParticipation) return byParticipation
  throw notFound('Shipment')
}

export async function ship(deps: SuiteDeps, id: string, carrier: string, trackingNumber: string, actor: StaffActor) {
  const shipment = await shipmentFor(deps, id)
  await deps.db.transaction((tx) => shipInTransaction(tx, deps, actor, shipment.id, carrier, trackingNumber, deps.clock.now()))
  return shipment.id
}

/**
 * Ships one pending parcel inside the caller's transaction: the row is locked and read again, so a
 * parcel shipped or withdrawn meanwhile is refused (and the caller's whole transaction with it);
 * the participation moves on, the member is told as their settings ask, and the step is audited.
 */
export async function shipInTransaction(tx: Tx, deps: SuiteDeps, actor: StaffActor, shipmentId: string, carrier: string, trackingNumber: string, now: Date) {
  await lockParticipationOfShipment(tx, shipmentId)
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update')
  if (!shipment) throw notFound('Shipment')
  if (shipment.status !== 'pending') throw conflict(`The shipment is ${shipment.status}, not pending`)
  const [member] = await tx.select().from(members).where(eq(members.id, shipment.memberId))
  refuseSelfService(actor, member?.uid)
  await tx.update(shipments).set({ status: 'shipped', carrier, trackingNumber, shippedAt: now }).where(eq(shipments.id, shipment.id))
  await tx.update(participations).set({ status: 'shipped', updatedAt: now }).where(eq(participations.id, shipment.participationId))
  await recordAudit(
    tx,
    actor,
    {
      action: 'shipment.ship',
      targetType: 'shipment',
      targetId: shipment.id,
      changes: { before: { status: 'pending' }, after: { status: 'shipped', carrier, trackingNumber } },
    },
    now,
  )
  if (member) {
    const { campaignTitle } = await shipmentCampaign(tx, shipment.participationId)
    await notifyMember(tx, deps, member.id, {
      template: 'shipment-shipped',
      params: { campaignTitle, carrier, trackingNumber, trackingUrl: trackingPageUrl(carrier, trackingNumber) },
    })
  }
}

/**
 * A parcel's participation is locked before the parcel, as a withdrawal locks them: a step of the
 * parcel changes its participation too, and the kept results' triggers read it; taken in the other
 * order, a withdrawal or an address change of the same tester would wait on this transaction while
 * it waits on them.
 */
async function lockParticipationOfShipment(tx: Tx, shipmentId: string): Promise<void> {
  await tx
    .select({ id: participations.id })
    .from(participations)
    .where(inArray(participations.id, tx.select({ id: shipments.participationId }).from(shipments).where(eq(shipments.id, shipmentId))))
    .for('no key update')
}

/** Staff never take a step of their own parcel (as with shipping it): refused before anything changes. */
async function refuseOwnParcel(tx: Tx, actor: StaffActor, memberId: string): Promise<void> {
  const [member] = await tx.select({ uid: members.uid }).from(members).where(eq(members.id, memberId))
  refuseSelfService(actor, member?.uid)
}

/** The campaign a shipment's participation belongs to, for its messages. */
async function shipmentCampaign(tx: Tx, participationId: string) {
  const [row] = await tx
    .select({ campaignId: campaigns.id, campaignTitle: campaigns.title })
    .from(participations)
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .where(eq(participations.id, participationId))
  if (!row) throw notFound('Participation')
  return row
}

export async function deliver(deps: SuiteDeps, id: string, actor: StaffActor) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  await deps.db.transaction(async (tx) => {
    await refuseOwnParcel(tx, actor, shipment.memberId)
    await lockParticipationOfShipment(tx, shipment.id)
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
    await recordAudit(
      tx,
      actor,
      { action: 'shipment.deliver', targetType: 'shipment', targetId: shipment.id, changes: { before: { status: 'shipped' }, after: { status: 'delivered' } } },
      now,
    )
    const { campaignId, campaignTitle } = await shipmentCampaign(tx, shipment.participationId)
    await notifyMember(tx, deps, shipment.memberId, { template: 'shipment-delivered', params: { campaignTitle, campaignId } })
  })
  return shipment.id
}

export async function issueReturnLabel(deps: SuiteDeps, id: string, labelUrl: string, actor: StaffActor) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  await deps.db.transaction(async (tx) => {
    await refuseOwnParcel(tx, actor, shipment.memberId)
    const updated = await tx
      .update(shipments)
      .set({ returnStatus: 'label-issued', returnLabelUrl: labelUrl, returnLabelIssuedAt: now })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.returnStatus, 'requested')))
      .returning()
    if (updated.length === 0) throw conflict('No return is waiting for a label on this shipment')
    await recordAudit(
      tx,
      actor,
      {
        action: 'shipment.return-label',
        targetType: 'shipment',
        targetId: shipment.id,
        changes: { before: { returnStatus: 'requested' }, after: { returnStatus: 'label-issued', labelUrl } },
      },
      now,
    )
    const { campaignTitle } = await shipmentCampaign(tx, shipment.participationId)
    await notifyMember(tx, deps, shipment.memberId, { template: 'return-label', params: { campaignTitle, labelUrl } })
  })
  return shipment.id
}

export async function markReturned(deps: SuiteDeps, id: string, actor: StaffActor) {
  const now = deps.clock.now()
  const shipment = await shipmentFor(deps, id)
  await deps.db.transaction(async (tx) => {
    await refuseOwnParcel(tx, actor, shipment.memberId)
    const updated = await tx
      .update(shipments)
      .set({ returnStatus: 'returned', returnedAt: now })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.returnStatus, 'label-issued')))
      .returning()
    if (updated.length === 0) throw conflict('The return has no label yet')
    await recordAudit(
      tx,
      actor,
      {
        action: 'shipment.returned',
        targetType: 'shipment',
        targetId: shipment.id,
        changes: { before: { returnStatus: 'label-issued' }, after: { returnStatus: 'returned' } },
      },
      now,
    )
    const { campaignTitle } = await shipmentCampaign(tx, shipment.participationId)
    await notifyMember(tx, deps, shipment.memberId, { template: 'return-received', params: { campaignTitle } })
  })
  return shipment.id
}
