// The moderation queue: reviews waiting for a decision, a page at a time, with what a moderator
// weighs (the text, the photos with their descriptions, the disclosure, the author's standing and
// earlier reviews). The author appears by display name and member id only.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { standingOf } from '../../contract/standing'
import type { ModerationPage, ModerationQuery } from '../../contract/ops-moderation'
import type { Executor } from '../db/client'
import { campaigns, members, products, reviewPhotos, reviews } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notFound } from '../http/errors'
import type { PhotoSize } from '../../contract/review-photos'
import { photoKey } from '../services/review-photos'
import { standingsAndDecisions } from '../services/standing'
import { FORMER_MEMBER } from '../services/reviews'
import { inIds } from '../db/id-lists'

/** `%` and `_` typed by a moderator are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export async function moderationQueue(deps: SuiteDeps, query: ModerationQuery): Promise<ModerationPage> {
  const { db } = deps
  // The status is written into the statement, not passed as a value: the plan PostgreSQL keeps for a
  // prepared statement after five runs then knows how few reviews wait, and walks the queue's index.
  const conditions: (SQL | undefined)[] = [sql`${reviews.status} = 'pending'`]
  if (query.campaign) conditions.push(eq(campaigns.slug, query.campaign))
  if (query.rating !== undefined) conditions.push(eq(reviews.rating, query.rating))
  if (query.q) conditions.push(or(ilike(reviews.title, likePattern(query.q)), ilike(reviews.body, likePattern(query.q))))
  const where = and(...conditions)
  const order = {
    oldest: [asc(reviews.submittedAt), asc(reviews.id)],
    newest: [desc(reviews.submittedAt), desc(reviews.id)],
    'rating-asc': [asc(reviews.rating), asc(reviews.submittedAt)],
    'rating-desc': [desc(reviews.rating), asc(reviews.submittedAt)],
  }[query.sort]
  // The page's reviews first (an index walk in the queue's order), then what they are joined with:
  // a deep page does not join the thousands of rows before it.
  const pageOfIds = (
    query.campaign
      ? db.select({ id: reviews.id }).from(reviews).innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
      : db.select({ id: reviews.id }).from(reviews)
  )
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('queue_page')
  const [rows, [counted]] = await Promise.all([
    db
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
      .orderBy(...order),
    (query.campaign
      ? db
          .select({ n: sql<string>`count(*)` })
          .from(reviews)
          .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
      : db.select({ n: sql<string>`count(*)` }).from(reviews)
    ).where(where),
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
