// Reviews: the public pages, the member's own review, and the operator's moderation.
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm'
import type { PublicReview, ReviewListQuery, ReviewPage } from '../../contract/campaigns'
import type { MemberReview } from '../../contract/content'
import type { Executor } from '../db/client'
import { campaigns, members, participations, products, reviews, shipments } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { conflict, notFound } from '../http/errors'
import { syncMissions } from './missions'
import { completeWhenDone } from './participations'

type ReviewRow = typeof reviews.$inferSelect
export const FORMER_MEMBER = 'Former member'

export function toMemberReview(r: ReviewRow): MemberReview {
  return {
    id: r.id,
    participationId: r.participationId,
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: r.photos,
    receivedForFree: r.receivedForFree,
    status: r.status as MemberReview['status'],
    rejectionReason: r.rejectionReason,
    submittedAt: r.submittedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }
}

const publicColumns = {
  review: reviews,
  campaignSlug: campaigns.slug,
  productName: products.name,
  brand: products.brand,
  images: products.images,
  displayName: members.displayName,
  pseudonymizedAt: members.pseudonymizedAt,
}

function toPublic(row: {
  review: ReviewRow
  campaignSlug: string
  productName: string
  brand: string
  images: string[]
  displayName: string
  pseudonymizedAt: Date | null
}): PublicReview {
  const r = row.review
  return {
    id: r.id,
    campaignId: r.campaignId,
    campaignSlug: row.campaignSlug,
    productId: r.productId,
    productName: row.productName,
    brand: row.brand,
    imageUrl: row.images[0] ?? '',
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: r.photos,
    authorName: row.pseudonymizedAt ? FORMER_MEMBER : row.displayName || 'Member',
    receivedForFree: r.receivedForFree,
    publishedAt: (r.publishedAt ?? r.submittedAt).toISOString(),
  }
}

/** Published reviews, newest first, filtered by campaign, product, category and minimum rating. */
export async function listPublicReviews(ex: Executor, query: ReviewListQuery): Promise<ReviewPage> {
  const conditions: SQL[] = [eq(reviews.status, 'published')]
  if (query.campaignId) conditions.push(eq(reviews.campaignId, query.campaignId))
  if (query.productId) conditions.push(eq(reviews.productId, query.productId))
  if (query.category) conditions.push(eq(products.category, query.category))
  if (query.minRating !== undefined) conditions.push(gte(reviews.rating, query.minRating))
  const where = and(...conditions)
  const [totals] = await ex
    .select({ n: count(), avg: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
  const rows = await ex
    .select(publicColumns)
    .from(reviews)
    .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(where)
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  return {
    items: rows.map(toPublic),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totals?.n ?? 0),
    averageRating: totals?.avg == null ? null : Math.round(Number(totals.avg) * 10) / 10,
  }
}

export async function publicReview(ex: Executor, id: string): Promise<PublicReview | null> {
  const [row] = await ex
    .select(publicColumns)
    .from(reviews)
    .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(and(eq(reviews.id, id), eq(reviews.status, 'published')))
  return row ? toPublic(row) : null
}

/**
 * Operator: publish a review. The author's missions are credited, and the participation is
 * completed when its other tasks are done too (else when the last of them is).
 */
export async function approveReview(deps: SuiteDeps, reviewId: string): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update')
    if (!review) throw notFound('Review')
    if (review.status !== 'pending') throw conflict(`The review is already ${review.status}`)
    await tx.update(reviews).set({ status: 'published', publishedAt: now, rejectionReason: null }).where(eq(reviews.id, review.id))
    if (!(await completeWhenDone(tx, review.participationId, now))) await syncMissions(tx, review.memberId, now)
  })
}

/** Operator: reject a review with a reason; the member may revise and submit it again. */
export async function rejectReview(deps: SuiteDeps, reviewId: string, reason: string): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update')
    if (!review) throw notFound('Review')
    if (review.status !== 'pending') throw conflict(`The review is already ${review.status}`)
    await tx.update(reviews).set({ status: 'rejected', rejectionReason: reason }).where(eq(reviews.id, review.id))
    // Back to the state the review was written in: delivered, or selected for a verified purchase.
    const [shipment] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.participationId, review.participationId))
    await tx
      .update(participations)
      .set({ status: shipment ? 'delivered' : 'selected', updatedAt: now })
      .where(and(eq(participations.id, review.participationId), eq(participations.status, 'reviewed')))
  })
}
