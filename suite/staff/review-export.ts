// A campaign's published reviews as files to take away, CSV or JSON: rating, title, text, date, the
// reviewer's name as the public pages show it, the disclosure line, and the photos' public
// addresses. Read a batch at a time in the public list's order from its index (keyset), written as
// each batch arrives: memory stays flat however many reviews. Each export is in the audit log.
import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import { campaigns, members, products, reviews } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notFound } from '../http/errors'
import { isUuid } from '../http/validate'
import { reviewExportWords } from '../messages/exports'
import { FORMER_MEMBER } from '../services/reviews'
import { ownedByBrand } from '../services/brands'
import type { Context } from 'hono'
import type { StaffActor } from './actor'
import { recordAudit } from './audit'
import { csvLine } from './csv'

/** Reviews read per batch. */
export const EXPORT_BATCH = 500

export type ReviewExportFormat = 'csv' | 'json'

interface ExportedReview {
  id: string
  rating: number
  title: string
  text: string
  publishedAt: string
  reviewer: string
  disclosure: string | null
  photos: string[]
}

async function* publishedReviews(deps: SuiteDeps, campaignId: string): AsyncGenerator<ExportedReview[]> {
  const { disclosure } = reviewExportWords()
  const photoUrl = (id: string) => `${deps.settings.messages.portalUrl}/images/reviews/${id}/display`
  let after: { publishedAt: Date; id: string } | null = null
  for (;;) {
    const page: Array<{
      id: string
      rating: number
      title: string
      body: string
      publishedAt: Date | null
      reviewer: string
      receivedForFree: boolean
      photos: Array<{ id: string }>
    }> = await deps.db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        publishedAt: reviews.publishedAt,
        // Looked up by key for each review of the batch (a join's plan read every member).
        reviewer: sql<string>`(select case when ${members.pseudonymizedAt} is not null then ${sql.raw(`'${FORMER_MEMBER}'`)} else coalesce(nullif(${members.displayName}, ''), 'Member') end from ${members} where ${members.id} = ${reviews.memberId})`,
        receivedForFree: reviews.receivedForFree,
        photos: reviews.photos,
      })
      .from(reviews)
      .where(
        and(
          eq(reviews.campaignId, campaignId),
          sql`${reviews.status} = 'published'`,
          after === null
            ? undefined
            : or(lt(reviews.publishedAt, after.publishedAt), and(eq(reviews.publishedAt, after.publishedAt), lt(reviews.id, after.id))),
        ),
      )
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(EXPORT_BATCH)
    if (page.length === 0) return
    const last = page[page.length - 1]!
    after = { publishedAt: last.publishedAt!, id: last.id }
    yield page.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      text: row.body,
      publishedAt: row.publishedAt!.toISOString(),
      reviewer: row.reviewer,
      disclosure: row.receivedForFree ? disclosure : null,
      photos: row.photos.map((photo) => photoUrl(photo.id)),
    }))
    if (page.length < EXPORT_BATCH) return
  }
}

/**
 * The campaign's published reviews as a stream of CSV or JSON, after checking the campaign exists
 * and, for a brand viewer (brandId), is their brand's (a stream cannot answer 404 once started),
 * and writing the export to the audit log.
 */
export async function exportPublishedReviews(
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  format: ReviewExportFormat,
  brandId: string | null,
): Promise<ReadableStream<Uint8Array>> {
  if (!isUuid(campaignId)) throw notFound('Campaign')
  const [campaign] = await deps.db
    .select({ id: campaigns.id, slug: campaigns.slug })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .where(and(eq(campaigns.id, campaignId), ownedByBrand(brandId)))
  if (!campaign) throw notFound('Campaign')
  await recordAudit(
    deps.db,
    actor,
    { action: 'campaign.export-reviews', targetType: 'campaign', targetId: campaign.id, changes: { before: null, after: { format } } },
    deps.clock.now(),
  )
  const encoder = new TextEncoder()
  const batches = publishedReviews(deps, campaign.id)
  let started = false
  let first = true
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(format === 'csv' ? csvLine(reviewExportWords().columns) : '['))
        return
      }
      const next = await batches.next()
      if (next.done) {
        if (format === 'json') controller.enqueue(encoder.encode(first ? ']\n' : '\n]\n'))
        controller.close()
        return
      }
      const text =
        format === 'csv'
          ? next.value.map((r) => csvLine([r.id, r.rating, r.title, r.text, r.publishedAt, r.reviewer, r.disclosure ?? '', r.photos.join(' ')])).join('')
          : next.value
              .map((r) => {
                const piece = `${first ? '\n' : ',\n'}${JSON.stringify(r)}`
                first = false
                return piece
              })
              .join('')
      controller.enqueue(encoder.encode(text))
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}

/** The export as a download: the same answer for staff (brandId null) and for a brand's viewers. */
export async function reviewsDownload(
  c: Context,
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  format: ReviewExportFormat,
  brandId: string | null = null,
): Promise<Response> {
  const stream = await exportPublishedReviews(deps, actor, campaignId, format, brandId)
  c.header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
  c.header('Content-Disposition', `attachment; filename="reviews-${deps.clock.now().toISOString().slice(0, 10)}.${format}"`)
  c.header('Cache-Control', 'no-store')
  return c.body(stream)
}
