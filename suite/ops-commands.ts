// Operator commands, shared by the CLI (suite/ops.ts) and the local-mode dev endpoint it uses
// when the suite is running on PGlite (one process may hold the embedded database).
import { and, asc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { campaigns, members, participations, products, reviews, shipments } from './db/schema'
import type { SuiteDeps } from './deps'
import { approveReview, deliver, issueReturnLabel, markReturned, rejectReview, selectParticipation, ship } from './services/operations'

const id = v.pipe(v.string(), v.uuid('must be an id'))

export const OpsCommandSchema = v.variant('command', [
  v.strictObject({ command: v.literal('select'), participationId: id }),
  v.strictObject({ command: v.literal('ship'), id, carrier: v.pipe(v.string(), v.minLength(1), v.maxLength(60)), tracking: v.pipe(v.string(), v.minLength(1), v.maxLength(60)) }),
  v.strictObject({ command: v.literal('deliver'), id }),
  v.strictObject({ command: v.literal('approve-review'), reviewId: id }),
  v.strictObject({ command: v.literal('reject-review'), reviewId: id, reason: v.pipe(v.string(), v.minLength(3), v.maxLength(500)) }),
  v.strictObject({ command: v.literal('issue-return-label'), id, labelUrl: v.pipe(v.string(), v.url()) }),
  v.strictObject({ command: v.literal('mark-returned'), id }),
  v.strictObject({ command: v.literal('list'), what: v.picklist(['pending-reviews', 'pending-shipments', 'returns', 'applied']) }),
])
export type OpsCommand = v.InferOutput<typeof OpsCommandSchema>

export async function runOpsCommand(deps: SuiteDeps, cmd: OpsCommand): Promise<unknown> {
  switch (cmd.command) {
    case 'select':
      await selectParticipation(deps, cmd.participationId)
      return { selected: cmd.participationId }
    case 'ship':
      return { shipped: await ship(deps, cmd.id, cmd.carrier, cmd.tracking) }
    case 'deliver':
      return { delivered: await deliver(deps, cmd.id) }
    case 'approve-review':
      await approveReview(deps, cmd.reviewId)
      return { published: cmd.reviewId }
    case 'reject-review':
      await rejectReview(deps, cmd.reviewId, cmd.reason)
      return { rejected: cmd.reviewId }
    case 'issue-return-label':
      return { labelIssued: await issueReturnLabel(deps, cmd.id, cmd.labelUrl) }
    case 'mark-returned':
      return { returned: await markReturned(deps, cmd.id) }
    case 'list':
      return list(deps, cmd.what)
  }
}

async function list(deps: SuiteDeps, what: 'pending-reviews' | 'pending-shipments' | 'returns' | 'applied') {
  const { db } = deps
  if (what === 'pending-reviews') {
    return db
      .select({ reviewId: reviews.id, product: products.name, member: members.displayName, rating: reviews.rating, title: reviews.title })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(members, eq(members.id, reviews.memberId))
      .where(eq(reviews.status, 'pending'))
      .orderBy(asc(reviews.submittedAt))
  }
  if (what === 'applied') {
    return db
      .select({ participationId: participations.id, campaign: campaigns.slug, member: members.displayName, status: participations.status })
      .from(participations)
      .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
      .innerJoin(members, eq(members.id, participations.memberId))
      .where(eq(participations.status, 'applied'))
  }
  const rows = await db
    .select({ shipmentId: shipments.id, participationId: shipments.participationId, campaign: campaigns.slug, member: members.displayName, status: shipments.status, returnStatus: shipments.returnStatus })
    .from(shipments)
    .innerJoin(participations, eq(participations.id, shipments.participationId))
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .innerJoin(members, eq(members.id, shipments.memberId))
    .where(what === 'pending-shipments' ? eq(shipments.status, 'pending') : and(eq(shipments.status, 'delivered')))
    .orderBy(asc(shipments.createdAt))
  return what === 'returns' ? rows.filter((r) => r.returnStatus !== null) : rows
}
