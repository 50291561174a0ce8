// Reviews: the public pages, the member's own review, and the operator's moderation.
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { PublicReview, PublicReviewPage, ReviewListQuery, ReviewPage } from '../../contract/campaigns'
import type { MemberReview } from '../../contract/content'
import type { Participation } from '../../contract/participations'
import type { RejectionReason } from '../../contract/review-rejection'
import type { ReviewDecision } from '../../contract/ops-moderation'
import { preparedPerDatabase, unmappedRows, type Db, type Executor } from '../db/client'
import { campaigns, members, participations, products, reviewPhotos, reviewStats, reviews, shipments } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, conflict, notFound } from '../http/errors'
import { refuseSelfService, type StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { pointsBalance } from './ledger'
import { syncMissions } from './missions'
import { notifyMember } from './notify'
import { completeWhenDone } from './participations'
import { publicProductImages } from './product-images'

type ReviewRow = typeof reviews.$inferSelect
export const FORMER_MEMBER = 'Former member'

/** Why the member cannot submit a review for this participation now (null when they can). */
export function reviewBlocker(p: Participation | null, reviewStatus: string | null): string | null {
  if (!p) return 'Only testers of this campaign can review it.'
  if (reviewStatus === 'pending') return 'Your review is waiting for moderation.'
  if (reviewStatus === 'published') return 'Your review is published.'
  const purchased = p.campaign.kind === 'verified-purchase' && p.tasks.purchaseIntentAckedAt !== null && p.status === 'selected'
  if (p.status === 'delivered' || purchased || (p.status === 'reviewed' && reviewStatus === 'rejected')) return null
  if (p.status === 'shipped' || (p.status === 'selected' && p.campaign.kind === 'free-product')) return 'You can review once the product has arrived.'
  if (p.status === 'selected') return 'Confirm your purchase intent first.'
  return 'This participation cannot be reviewed.'
}

export function toMemberReview(r: ReviewRow): MemberReview {
  return {
    id: r.id,
    participationId: r.participationId,
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: r.photos,
    receivedForFree: r.receivedForFree,
    status: r.status,
    rejectionReason: r.rejectionReason,
    rejectionCode: r.rejectionCode,
    submittedAt: r.submittedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }
}

/** What a public review shows, and nothing else (no moderation fields, no author id). */
const publicColumns = {
  id: reviews.id,
  campaignId: reviews.campaignId,
  campaignSlug: reviews.shownCampaignSlug,
  productId: reviews.productId,
  productName: reviews.shownProductName,
  brand: reviews.shownBrand,
  imageUrl: reviews.shownImageUrl,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  photos: reviews.photos,
  authorName: reviews.shownAuthorName,
  receivedForFree: reviews.receivedForFree,
  publishedAt: sql<Date>`coalesce(${reviews.publishedAt}, ${reviews.submittedAt})`.mapWith(reviews.publishedAt),
}

/**
 * A public review's fields as a page of the list reads them, unmapped (unmappedRows): each column
 * named as the field it fills, the time as the ISO 8601 text toISOString writes. Plain columns, not
 * one JSON object per review: PostgreSQL writing the reviews' texts into JSON cost it more than the
 * rest of the page's statement.
 */
const publicReviewFields = {
  ...(Object.fromEntries(Object.entries(publicColumns).map(([field, column]) => [field, sql`${column}`.as(field)])) as {
    [F in Exclude<keyof typeof publicColumns, 'publishedAt'>]: SQL.Aliased<PublicReview[F]>
  }),
  publishedAt: sql<string>`to_char(coalesce(${reviews.publishedAt}, ${reviews.submittedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
    'publishedAt',
  ),
}

/** A public review's fields in the order the list gives them. */
const PUBLIC_FIELDS = Object.keys(publicColumns) as (keyof typeof publicColumns)[]
/**
 * A public review's fields and no others, from a row that may hold more (a page's rows carry the
 * list's totals). Written out field by field: a copy that leaves one key out (`{ totals, ...rest }`)
 * cost a page of the list more than all of its own code.
 */
function toPublic(r: { publishedAt: Date | string } & Omit<PublicReview, 'publishedAt'>): PublicReview {
  return {
    id: r.id,
    campaignId: r.campaignId,
    campaignSlug: r.campaignSlug,
    productId: r.productId,
    productName: r.productName,
    brand: r.brand,
    imageUrl: r.imageUrl,
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: r.photos,
    authorName: r.authorName,
    receivedForFree: r.receivedForFree,
    publishedAt: typeof r.publishedAt === 'string' ? r.publishedAt : r.publishedAt.toISOString(),
  }
}

type ReviewFilter = 'campaignId' | 'productId' | 'category' | 'minRating'
const REVIEW_FILTERS: ReviewFilter[] = ['campaignId', 'productId', 'category', 'minRating']

/**
 * The queries of the list of published reviews for one combination of filters, built once per
 * database. One statement per page, on the reviews alone: each review carries what it shows of its
 * campaign, product and author (kept by triggers), so a page reads no other table but products to
 * filter by category. A page is read from an index of published reviews in the list's order.
 * The count and average come from review_stats (a row per campaign, product and rating, kept by a
 * trigger), not from every published review; the rows carry them. Only an empty page (past the
 * last, or no reviews) asks for the totals apart.
 */
function buildReviewList(db: Db, filters: ReviewFilter[]) {
  const byCategory = filters.includes('category')
  // The status is written into the statement, not passed as a value: the plan PostgreSQL keeps for
  // a prepared statement after five runs must know it to use the partial index of published reviews.
  const conditions: SQL[] = [sql`${reviews.status} = 'published'`]
  const statsConditions: SQL[] = []
  if (filters.includes('campaignId')) {
    conditions.push(eq(reviews.campaignId, sql.placeholder('campaignId')))
    statsConditions.push(eq(reviewStats.campaignId, sql.placeholder('campaignId')))
  }
  if (filters.includes('productId')) {
    conditions.push(eq(reviews.productId, sql.placeholder('productId')))
    statsConditions.push(eq(reviewStats.productId, sql.placeholder('productId')))
  }
  if (byCategory) {
    conditions.push(eq(products.category, sql.placeholder('category')))
    statsConditions.push(eq(products.category, sql.placeholder('category')))
  }
  if (filters.includes('minRating')) {
    conditions.push(gte(reviews.rating, sql.placeholder('minRating')))
    statsConditions.push(gte(reviewStats.rating, sql.placeholder('minRating')))
  }
  const totalsJson = sql<
    [number, number | string | null]
  >`json_build_array(coalesce(sum(${reviewStats.reviews}), 0), sum(${reviewStats.reviews} * ${reviewStats.rating})::numeric / nullif(sum(${reviewStats.reviews}), 0))`
  const stats = db.select({ totals: totalsJson }).from(reviewStats).$dynamic()
  const totals = (byCategory ? stats.innerJoin(products, eq(products.id, reviewStats.productId)) : stats).where(and(...statsConditions))
  // Where a cursor's review is in the list's order: its publication time and id.
  const cursor = sql`(select c.published_at, c.id from ${reviews} c where c.id = ${sql.placeholder('cursor')}::uuid and c.status = 'published')`
  /**
   * A page: the reviews where `where` holds, in the list's order (newest first) or the other way. A
   * new builder for each statement (a dynamic one is changed by what is chained to it); products are
   * joined to the reviews only to filter by their category.
   *
   * A page from an offset reads the ids first (from the index alone: a deep page skips index
   * entries, not rows), then each review by its id; a page from the top or from a cursor skips
   * nothing, so it reads the reviews themselves in the index's order.
   */
  const page = (where: SQL[], direction: 'newest first' | 'oldest first', from: 'an offset' | 'the top or a cursor') => {
    const order = direction === 'newest first' ? desc : asc
    const sorted = <Q extends PgSelect>(select: Q) =>
      (byCategory ? select.innerJoin(products, eq(products.id, reviews.productId)) : select)
        .where(and(...conditions, ...where))
        .orderBy(order(reviews.publishedAt), order(reviews.id))
        .limit(sql.placeholder('limit'))
    if (from === 'the top or a cursor') return sorted(withTotals(publicReviewFields).from(reviews).$dynamic())
    // The page's id named apart from the review's own: the outer select names the shown fields unqualified.
    const ids = db
      .select({ pageId: sql<string>`${reviews.id}`.as('page_id'), sortedAt: reviews.publishedAt })
      .from(reviews)
      .$dynamic()
    const chosen = sorted(ids).offset(sql.placeholder('offset')).as('page')
    // The limit: one row anyway; it keeps PostgreSQL from turning the lateral subquery into a plain
    // join, which the plan kept for a prepared statement after five runs would make by reading every review.
    const shown = db.select(publicReviewFields).from(reviews).where(eq(reviews.id, chosen.pageId)).limit(1).as('shown')
    return withTotals(shown._.selectedFields).from(chosen).crossJoinLateral(shown).orderBy(order(chosen.sortedAt), order(chosen.pageId))
  }
  /**
   * The shown fields in a public review's order, with the list's totals: uncorrelated, so PostgreSQL
   * computes them once per statement. Every column named: the page is read unmapped (unmappedRows).
   */
  const withTotals = <F extends Record<(typeof PUBLIC_FIELDS)[number], SQL.Aliased>>(fields: F) =>
    db.select({
      ...(Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, fields[field]])) as Pick<F, (typeof PUBLIC_FIELDS)[number]>),
      totals: sql<[number, number | string | null]>`(${totals})`.as('totals'),
    })
  const name = filters.join('_') || 'all'
  return {
    page: page([], 'newest first', 'an offset').prepare(`review_page_${name}`),
    firstPage: page([], 'newest first', 'the top or a cursor').prepare(`review_first_page_${name}`),
    // Keyset pages: the reviews after (older than) or before (newer than) the cursor's, read from
    // the index from there on, so page 5,000 costs what page 1 does.
    pageAfter: page([sql`(${reviews.publishedAt}, ${reviews.id}) < ${cursor}`], 'newest first', 'the top or a cursor').prepare(`review_page_after_${name}`),
    pageBefore: page([sql`(${reviews.publishedAt}, ${reviews.id}) > ${cursor}`], 'oldest first', 'the top or a cursor').prepare(`review_page_before_${name}`),
    totals: totals.prepare(`review_totals_${name}`),
  }
}
/** One row of a page of the list: the review's fields, and the totals of the list it belongs to. */
type PageRow = PublicReview & { totals: [number, number | string | null] }

/** Per database, the queries of each combination of filters asked for so far (at most 16). */
const reviewLists = preparedPerDatabase(() => new Map<string, ReturnType<typeof buildReviewList>>())

/** Published reviews, newest first, filtered by campaign, product, category and minimum rating. */
export async function listPublicReviews(db: Db, query: ReviewListQuery): Promise<ReviewPage> {
  const filters = REVIEW_FILTERS.filter((f) => query[f] !== undefined)
  const lists = reviewLists(db)
  const key = filters.join('+')
  let list = lists.get(key)
  if (!list) {
    list = buildReviewList(db, filters)
    lists.set(key, list)
  }
  const values: Record<string, unknown> = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }
  for (const f of filters) values[f] = query[f]
  // One review more than a page is read, to tell whether there is more beyond it (in the direction read).
  const read = { ...values, limit: query.pageSize + 1 }
  const found: PageRow[] = await (query.after
    ? unmappedRows(list.pageAfter, { ...read, cursor: query.after })
    : query.before
      ? unmappedRows(list.pageBefore, { ...read, cursor: query.before })
      : // The first page reads from the top: no offset to skip.
        unmappedRows(values.offset === 0 ? list.firstPage : list.page, read))
  const more = found.length > query.pageSize
  // Read backwards from a cursor, the page is the newest-first order of the reviews nearest to it.
  const rows = query.before ? found.slice(0, query.pageSize).reverse() : found.slice(0, query.pageSize)
  const [total, average] = (rows[0] ?? (await list.totals.execute(values))[0])?.totals ?? [0, null]
  const items = rows.map(toPublic)
  // Read backwards from a cursor, "more" means newer reviews before this page; otherwise older after it.
  const hasNext = query.before ? items.length > 0 : more
  const hasPrevious = query.before ? more : Boolean(query.after) || query.page > 1
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total),
    averageRating: average == null ? null : Math.round(Number(average) * 10) / 10,
    nextCursor: hasNext ? (items.at(-1)?.id ?? null) : null,
    previousCursor: hasPrevious ? (items[0]?.id ?? null) : null,
  }
}

/**
 * A published review for its own page: with its first photo's size (the link preview's image), the
 * product's first image (the preview's image when the review has no photo) and the product's identifiers.
 */
export async function publicReview(ex: Executor, id: string): Promise<PublicReviewPage | null> {
  const [row] = await ex
    .select({ ...publicColumns, gtin: products.gtin, mpn: products.mpn, sku: products.sku, productImages: products.images })
    .from(reviews)
    .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(and(eq(reviews.id, id), eq(reviews.status, 'published')))
  if (!row) return null
  const { gtin, mpn, sku, productImages, ...review } = row
  const [productImage] = await publicProductImages(ex, { id: review.productId, brand: review.brand, name: review.productName, images: productImages })
  const first = review.photos[0]
  const [size] = first
    ? await ex
        .select({ width: reviewPhotos.width, height: reviewPhotos.height })
        .from(reviewPhotos)
        .where(and(eq(reviewPhotos.id, first.id), eq(reviewPhotos.reviewId, id)))
    : []
  return {
    ...toPublic(review),
    firstPhoto: first && size ? { id: first.id, alt: first.alt, ...size } : null,
    productImage: productImage ?? null,
    productIdentifiers: { gtin, mpn, sku },
  }
}

/** What a moderator decides about a pending review: publish it, or send it back to its author with a reason. */
export type ReviewVerdict = ({ decision: 'approve' } | { decision: 'reject'; reason: RejectionReason; note?: string | undefined }) & {
  /** When the review the moderator read was sent (the console sends it): a version sent since is not decided unread. */
  seenSubmittedAt?: string | undefined
}

/**
 * Staff: decide a pending review, once. The row is locked, so of two moderators deciding at the
 * same time the second is told who decided first and changes nothing. Publishing credits the
 * author's missions and completes the participation when its other tasks are done; rejecting puts
 * the participation back where the review is written again, and tells the author why by e-mail
 * (always sent: it is about something they did). The audit entry is written in the same transaction.
 */
export async function decideReview(deps: SuiteDeps, actor: StaffActor, reviewId: string, verdict: ReviewVerdict): Promise<ReviewDecision> {
  const now = deps.clock.now()
  if (verdict.decision === 'reject' && verdict.reason === 'other' && !verdict.note) {
    throw badRequest('Write a note for the author when the reason is "other"', { note: ['is required with the reason other'] })
  }
  return deps.db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update')
    if (!review) throw notFound('Review')
    if (review.status !== 'pending') {
      const by = review.decidedByName || review.decidedByUid
      const when = review.decidedAt ? ` at ${review.decidedAt.toISOString()}` : ''
      throw conflict(`The review was already ${review.status}${by ? ` by ${by}` : ''}${when}`)
    }
    const [author] = await tx
      .select({ uid: members.uid, email: members.email, pseudonymizedAt: members.pseudonymizedAt })
      .from(members)
      .where(eq(members.id, review.memberId))
    refuseSelfService(actor, author?.uid)
    if (verdict.seenSubmittedAt && verdict.seenSubmittedAt !== review.submittedAt.toISOString()) {
      throw conflict('The author sent this review again since you opened it: read the new version before deciding')
    }
    const decided = { decidedByUid: actor.uid, decidedByName: actor.name ?? actor.email ?? actor.uid, decidedAt: now }
    if (verdict.decision === 'approve') {
      const balanceBefore = await pointsBalance(tx, review.memberId)
      await tx
        .update(reviews)
        .set({ status: 'published', publishedAt: now, rejectionReason: null, rejectionCode: null, ...decided })
        .where(eq(reviews.id, review.id))
      if (!(await completeWhenDone(tx, review.participationId, now))) await syncMissions(tx, review.memberId, now)
      // The points the approval earned: whatever it credited (the finished test, missions it completed).
      const points = (await pointsBalance(tx, review.memberId)) - balanceBefore
      await notifyMember(tx, deps, review.memberId, {
        template: 'review-approved',
        params: { reviewTitle: review.title, points, campaignId: review.campaignId },
      })
      await recordAudit(
        tx,
        actor,
        { action: 'review.approve', targetType: 'review', targetId: review.id, changes: { before: { status: 'pending' }, after: { status: 'published' } } },
        now,
      )
      return { reviewId: review.id, status: 'published', decidedAt: now.toISOString() }
    }
    const note = verdict.note || null
    await tx
      .update(reviews)
      .set({ status: 'rejected', rejectionCode: verdict.reason, rejectionReason: note, ...decided })
      .where(eq(reviews.id, review.id))
    // Back to the state the review was written in: delivered, or selected for a verified purchase.
    const [shipment] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.participationId, review.participationId))
    await tx
      .update(participations)
      .set({ status: shipment ? 'delivered' : 'selected', updatedAt: now })
      .where(and(eq(participations.id, review.participationId), eq(participations.status, 'reviewed')))
    await notifyMember(tx, deps, review.memberId, {
      template: 'review-rejected',
      params: { reviewTitle: review.title, reason: verdict.reason, note, campaignId: review.campaignId },
    })
    await recordAudit(
      tx,
      actor,
      {
        action: 'review.reject',
        targetType: 'review',
        targetId: review.id,
        changes: { before: { status: 'pending' }, after: { status: 'rejected', reason: verdict.reason, note } },
      },
      now,
    )
    return { reviewId: review.id, status: 'rejected', decidedAt: now.toISOString() }
  })
}
