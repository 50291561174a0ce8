// Member content per participation: the review, social posts and their impressions.
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { ParticipationStatus } from '../../contract/participations'
import type { RcProduct, SocialPost } from '../../contract/content'
import type { SocialPlatform } from '../../contract/common'
import type { ReviewPhoto } from '../../contract/review-photos'
import type { Executor } from '../db/client'
import { campaigns, impressions, participations, products, reviews, socialPosts } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, conflict, notFound } from '../http/errors'
import { toProduct } from './campaigns'
import { publicProductImages } from './product-images'
import type { MemberRow } from './members'
import { completeWhenDone, loadParticipations } from './participations'
import { attachPhotos, photosOfParticipation, removePhotoFiles } from './review-photos'
import { reviewBlocker, toMemberReview } from './reviews'

const TASK_STATUSES: ParticipationStatus[] = ['selected', 'shipped', 'delivered', 'reviewed', 'completed']

/**
 * The review page's data: the campaign's product, and the member's participation and review. Any
 * member may ask for any campaign, so a draft (staff's alone until published) answers as an
 * unknown one does.
 */
export async function rcProduct(ex: Executor, member: MemberRow, productId: string, campaignId: string): Promise<RcProduct> {
  const [row] = await ex
    .select({ campaign: campaigns, product: products })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .where(and(eq(campaigns.id, campaignId), eq(products.id, productId), ne(campaigns.status, 'draft')))
  if (!row) throw notFound('Product')
  const mine = (await loadParticipations(ex, member.id, { campaignId })).filter((p) => p.status !== 'withdrawn' && p.status !== 'not-eligible')
  const participation = mine[0] ?? null
  const [review] = participation ? await ex.select().from(reviews).where(eq(reviews.participationId, participation.id)) : []
  const reason = reviewBlocker(participation, review?.status ?? null)
  return {
    product: toProduct(row.product, await publicProductImages(ex, row.product)),
    campaign: { id: row.campaign.id, slug: row.campaign.slug, title: row.campaign.title, brand: row.product.brand },
    participation,
    review: review ? toMemberReview(review) : null,
    photos: participation ? await photosOfParticipation(ex, participation.id) : [],
    canSubmit: reason === null,
    reason,
  }
}

export async function submitReview(
  deps: SuiteDeps,
  member: MemberRow,
  body: { participationId: string; rating: number; title: string; body: string; photos: ReviewPhoto[] },
) {
  const now = deps.clock.now()
  const { review, dropped } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(participations)
      .where(and(eq(participations.id, body.participationId), eq(participations.memberId, member.id)))
      .for('update')
    if (!locked) throw notFound('Participation')
    const [participation] = await loadParticipations(tx, member.id, { participationId: locked.id })
    const [existing] = await tx.select().from(reviews).where(eq(reviews.participationId, locked.id))
    const blocker = reviewBlocker(participation ?? null, existing?.status ?? null)
    if (blocker) throw conflict(blocker)
    const values = {
      rating: body.rating,
      title: body.title,
      body: body.body,
      photos: body.photos,
      receivedForFree: true,
      status: 'pending' as const,
      rejectionReason: null,
      rejectionCode: null,
      // Sent again after a rejection: a new decision is to be made.
      decidedByUid: null,
      decidedByName: null,
      decidedAt: null,
      submittedAt: now,
      publishedAt: null,
    }
    const [review] = existing
      ? await tx.update(reviews).set(values).where(eq(reviews.id, existing.id)).returning()
      : await tx
          .insert(reviews)
          .values({
            ...values,
            participationId: locked.id,
            memberId: member.id,
            campaignId: locked.campaignId,
            productId: await productOf(tx, locked.campaignId),
          })
          .returning()
    if (!review) throw new Error('Review not written')
    const dropped = await attachPhotos(tx, locked.id, review.id, body.photos)
    await tx.update(participations).set({ status: 'reviewed', reviewSubmittedAt: now, updatedAt: now }).where(eq(participations.id, locked.id))
    return { review: toMemberReview(review), dropped }
  })
  // Uploads the member left out of the review are gone with their rows.
  await removePhotoFiles(deps, dropped)
  return review
}

async function productOf(ex: Executor, campaignId: string): Promise<string> {
  const [row] = await ex.select({ productId: campaigns.productId }).from(campaigns).where(eq(campaigns.id, campaignId))
  if (!row) throw notFound('Campaign')
  return row.productId
}

async function toPosts(ex: Executor, rows: (typeof socialPosts.$inferSelect)[]): Promise<SocialPost[]> {
  if (rows.length === 0) return []
  const reports = await ex
    .select()
    .from(impressions)
    .where(
      inArray(
        impressions.postId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(impressions.reportedAt))
  return rows.map((r) => ({
    id: r.id,
    participationId: r.participationId,
    platform: r.platform,
    url: r.url,
    submittedAt: r.submittedAt.toISOString(),
    impressions: reports
      .filter((i) => i.postId === r.id)
      .map((i) => ({ reach: i.reach, likes: i.likes, comments: i.comments, shares: i.shares, reportedAt: i.reportedAt.toISOString() })),
  }))
}

export async function listSocialPosts(ex: Executor, member: MemberRow, participationId: string): Promise<SocialPost[]> {
  const [p] = await ex
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.id, participationId), eq(participations.memberId, member.id)))
  if (!p) throw notFound('Participation')
  const rows = await ex.select().from(socialPosts).where(eq(socialPosts.participationId, p.id)).orderBy(desc(socialPosts.submittedAt))
  return toPosts(ex, rows)
}

export async function submitSocialPost(
  deps: SuiteDeps,
  member: MemberRow,
  body: { participationId: string; platform: SocialPlatform; url: string },
): Promise<SocialPost> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ p: participations, tasks: campaigns.tasks })
      .from(participations)
      .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
      .where(and(eq(participations.id, body.participationId), eq(participations.memberId, member.id)))
      .for('update', { of: participations })
    if (!p) throw notFound('Participation')
    if (!TASK_STATUSES.includes(p.p.status as ParticipationStatus)) throw conflict('Only selected testers can submit social posts')
    if (!p.tasks.social) throw conflict('This campaign has no social task')
    // A campaign that names platforms takes posts on those only.
    const asked = p.tasks.socialPlatforms ?? []
    if (asked.length > 0 && !asked.includes(body.platform))
      throw badRequest('This test asks for posts on other platforms', { platform: [`must be one of: ${asked.join(', ')}`] })
    const [post] = await tx
      .insert(socialPosts)
      .values({ participationId: p.p.id, memberId: member.id, platform: body.platform, url: body.url, submittedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!post) throw conflict(`A ${body.platform} post is already submitted for this test`)
    if (!p.p.socialSubmittedAt) {
      await tx.update(participations).set({ socialSubmittedAt: now, updatedAt: now }).where(eq(participations.id, p.p.id))
      await completeWhenDone(tx, p.p.id, now)
    }
    const [view] = await toPosts(tx, [post])
    if (!view) throw new Error('Post not written')
    return view
  })
}

export async function reportImpressions(
  deps: SuiteDeps,
  member: MemberRow,
  body: { postId: string; reach: number; likes: number; comments: number; shares: number },
): Promise<SocialPost> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [post] = await tx
      .select()
      .from(socialPosts)
      .where(and(eq(socialPosts.id, body.postId), eq(socialPosts.memberId, member.id)))
    if (!post) throw notFound('Social post')
    if (body.likes + body.comments + body.shares > body.reach * 10 + 1000) {
      throw conflict('These numbers do not add up: engagement far above reach')
    }
    await tx
      .insert(impressions)
      .values({ postId: post.id, reach: body.reach, likes: body.likes, comments: body.comments, shares: body.shares, reportedAt: now })
    await tx
      .update(participations)
      .set({ impressionsReportedAt: now, updatedAt: now })
      .where(and(eq(participations.id, post.participationId), ne(participations.status, 'withdrawn')))
    await completeWhenDone(tx, post.participationId, now)
    const [view] = await toPosts(tx, [post])
    if (!view) throw new Error('Post disappeared')
    return view
  })
}
