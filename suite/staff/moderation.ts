// The moderation queue: reviews waiting for a decision, a page at a time, with what a moderator
// weighs (the text, the photos with their descriptions, the disclosure, the author's standing and
// earlier reviews). The author appears by display name and member id only.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { standingOf } from '../../contract/standing'
import type { ModerationPage, ModerationQuery } from '../../contract/ops-moderation'
import { preparedQueries, type Executor } from '../db/client'
import { campaigns, members, moderationQueueCounts, products, reviewPhotos, reviews } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notFound } from '../http/errors'
import type { PhotoSize } from '../../contract/review-photos'
import { photoKey } from '../services/review-photos'
import { standingsAndDecisions } from '../services/standing'
import { FORMER_MEMBER } from '../services/reviews'
import { inIds } from '../db/id-lists'

/** `%` and `_` typed by a moderator are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The queue's orders, each walked along an index of the waiting reviews. */
const QUEUE_ORDERS = {
  oldest: [asc(reviews.submittedAt), asc(reviews.id)],
  newest: [desc(reviews.submittedAt), desc(reviews.id)],
  'rating-asc': [asc(reviews.rating), asc(reviews.submittedAt)],
  'rating-desc': [desc(reviews.rating), asc(reviews.submittedAt)],
} satisfies Record<ModerationQuery['sort'], SQL[]>

/** Which filters a query of the queue has, and its order: one statement's shape. */
type QueueShape = { campaign: boolean; rating: boolean; text: boolean; sort: ModerationQuery['sort'] }
const shapeKey = (shape: QueueShape) => `${shape.campaign ? 'c' : ''}${shape.rating ? 'r' : ''}${shape.text ? 't' : ''}:${shape.sort}` as const
const shapeOf = (key: ReturnType<typeof shapeKey>): QueueShape => {
  const [filters = '', sort] = key.split(':')
  return { campaign: filters.includes('c'), rating: filters.includes('r'), text: filters.includes('t'), sort: sort as ModerationQuery['sort'] }
}

/**
 * The waiting reviews a shape of query asks for (placeholders: campaign, rating, pattern). The status
 * is written into the statement, not passed as a value: the plan PostgreSQL keeps for a prepared
 * statement after five runs then knows how few reviews wait, and walks the queue's index.
 */
function queueCondition(shape: QueueShape): SQL {
  return and(
    sql`${reviews.status} = 'pending'`,
    shape.campaign ? eq(campaigns.slug, sql.placeholder('campaign')) : undefined,
    shape.rating ? eq(reviews.rating, sql.placeholder('rating')) : undefined,
    shape.text ? or(ilike(reviews.title, sql.placeholder('pattern')), ilike(reviews.body, sql.placeholder('pattern'))) : undefined,
  )!
}

/**
 * A page of the queue (placeholders: the filters', limit, offset), built once per shape: the page's
 * reviews first (an index walk in the queue's order), then what they are joined with, so a deep page
 * does not join the thousands of rows before it.
 */
const queuePages = preparedQueries((ex, key: ReturnType<typeof shapeKey>) => {
  const shape = shapeOf(key)
  const order = QUEUE_ORDERS[shape.sort]
  const pageOfIds = (
    shape.campaign
      ? ex.select({ id: reviews.id }).from(reviews).innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
      : ex.select({ id: reviews.id }).from(reviews)
  )
    .where(queueCondition(shape))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('queue_page')
  return ex
    .select({
      id: reviews.id,
      campaignSlug: campaigns.slug,
      campaignTitle: campaigns.title,
      productName: products.name,
      brand: products.brand,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      receivedForFree: reviews.receivedForFree,
      photos: reviews.photos,
      submittedAt: reviews.submittedAt,
      memberId: reviews.memberId,
      displayName: sql<string>`case when ${members.pseudonymizedAt} is not null then ${FORMER_MEMBER} else coalesce(nullif(${members.displayName}, ''), 'Member') end`,
    })
    .from(pageOfIds)
    .innerJoin(reviews, eq(reviews.id, pageOfIds.id))
    .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .orderBy(...order)
})

/**
 * How many reviews a shape of query finds (its filters' placeholders), built once per shape: from the
 * kept counts per campaign and rating, or for a search of the text, from the reviews themselves.
 */
const queueCounts = preparedQueries((ex, key: ReturnType<typeof shapeKey>) => {
  const shape = shapeOf(key)
  if (!shape.text) {
    const kept = ex.select({ n: sql<string>`coalesce(sum(${moderationQueueCounts.reviews}), 0)` }).from(moderationQueueCounts)
    return (shape.campaign ? kept.innerJoin(campaigns, eq(campaigns.id, moderationQueueCounts.campaignId)) : kept).where(
      and(
        shape.campaign ? eq(campaigns.slug, sql.placeholder('campaign')) : undefined,
        shape.rating ? eq(moderationQueueCounts.rating, sql.placeholder('rating')) : undefined,
      ),
    )
  }
  return (
    shape.campaign
      ? ex
          .select({ n: sql<string>`count(*)` })
          .from(reviews)
          .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
      : ex.select({ n: sql<string>`count(*)` }).from(reviews)
  ).where(queueCondition(shape))
})

export async function moderationQueue(deps: SuiteDeps, query: ModerationQuery): Promise<ModerationPage> {
  const { db } = deps
  const shape: QueueShape = { campaign: Boolean(query.campaign), rating: query.rating !== undefined, text: Boolean(query.q), sort: query.sort }
  const filters = {
    ...(shape.campaign ? { campaign: query.campaign } : {}),
    ...(shape.rating ? { rating: query.rating } : {}),
    ...(shape.text ? { pattern: likePattern(query.q!) } : {}),
  }
  const key = shapeKey(shape)
  const [rows, [counted]] = await Promise.all([
    queuePages(db, key, { ...filters, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    queueCounts(db, key, filters),
  ])
  const memberIds = [...new Set(rows.map((row) => row.memberId))]
  const [{ standings, decisions: history }, sizes] = await Promise.all([
    standingsAndDecisions(db, memberIds, deps.clock.now()),
    photoSizes(
      db,
      rows.flatMap((row) => row.photos.map((photo) => photo.id)),
    ),
  ])
  return {
    items: rows.map((row) => {
      const standing = standingOf(standings.get(row.memberId)!)
      const earlier = history.get(row.memberId) ?? { published: 0, rejected: 0 }
      return {
        id: row.id,
        campaignSlug: row.campaignSlug,
        campaignTitle: row.campaignTitle,
        productName: row.productName,
        brand: row.brand,
        rating: row.rating,
        title: row.title,
        body: row.body,
        receivedForFree: row.receivedForFree,
        photos: row.photos.map((photo) => ({ id: photo.id, alt: photo.alt, ...(sizes.get(photo.id) ?? { width: 0, height: 0 }) })),
        submittedAt: row.submittedAt.toISOString(),
        author: {
          memberId: row.memberId,
          displayName: row.displayName,
          tier: standing.tier,
          score: standing.score,
          publishedReviews: earlier.published,
          rejectedReviews: earlier.rejected,
        },
      }
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(counted?.n ?? 0),
  }
}

async function photoSizes(ex: Executor, photoIds: string[]) {
  const result = new Map<string, { width: number; height: number }>()
  if (photoIds.length === 0) return result
  const rows = await ex
    .select({ id: reviewPhotos.id, width: reviewPhotos.width, height: reviewPhotos.height })
    .from(reviewPhotos)
    .where(inIds(reviewPhotos.id, photoIds))
  for (const row of rows) result.set(row.id, { width: row.width, height: row.height })
  return result
}

/** A photo of a review (pending, rejected or published) for the moderator; a draft's photo is not theirs to see. */
export async function moderationPhotoFile(deps: SuiteDeps, photoId: string, size: PhotoSize): Promise<Uint8Array> {
  const [photo] = await deps.db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .where(and(eq(reviewPhotos.id, photoId), sql`${reviewPhotos.reviewId} is not null`))
  if (!photo) throw notFound('Photo')
  const bytes = await deps.photoStorage.get(photoKey(photo.id, size))
  if (!bytes) throw notFound('Photo')
  return bytes
}
