// A campaign's published reviews as files to take away, CSV or JSON: rating, title, text, date, the
// reviewer's name as the public pages show it, the disclosure line, and the photos' public
// addresses; and their photos as a ZIP file. Read a batch at a time in the public list's order from its index (keyset), written as
// each batch arrives: memory stays flat however many reviews. The batches are read with the long
// statement limit (longWork). Each export is in the audit log.
import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import { campaigns, members, products, reviews } from '../db/schema'
import { longWork, type SuiteDeps } from '../deps'
import { notFound } from '../http/errors'
import { photoExportWords, reviewExportWords } from '../messages/exports'
import { photoKey } from '../services/review-photos'
import { Readable } from 'node:stream'
import ZipStream from 'zip-stream'
import { FORMER_MEMBER } from '../services/reviews'
import { ownedByBrand } from '../services/brands'
import type { Context } from 'hono'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { csvLine } from '../services/csv'
import { limitedExport } from './export-limits'

/** Reviews read per batch. */
export const EXPORT_BATCH = 500

export type ReviewExportFormat = 'csv' | 'json'
/** The reviews as a table, or their photos as a ZIP file. */
export type ExportFormat = ReviewExportFormat | 'photos'

interface ExportedReview {
  id: string
  rating: number
  title: string
  text: string
  publishedAt: string
  reviewer: string
  disclosure: string | null
  photos: Array<{ id: string; alt: string }>
}

async function* publishedReviews(deps: SuiteDeps, campaignId: string): AsyncGenerator<ExportedReview[]> {
  const { disclosure } = reviewExportWords()
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
      photos: Array<{ id: string; alt: string }>
    }> = await longWork(deps)
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
      photos: row.photos.map((photo) => ({ id: photo.id, alt: photo.alt })),
    }))
    if (page.length < EXPORT_BATCH) return
  }
}

/**
 * Checks the campaign exists and, for a brand viewer (brandId), is their brand's, before anything
 * is streamed (a stream cannot answer 404 once started), then writes the export to the audit log.
 */
async function openExport(deps: SuiteDeps, actor: StaffActor, campaignId: string, format: ExportFormat, brandId: string | null) {
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
  return campaign
}

/** The campaign's published reviews as a stream of CSV or JSON, a batch at a time. */
export async function exportPublishedReviews(
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  format: ReviewExportFormat,
  brandId: string | null,
): Promise<ReadableStream<Uint8Array>> {
  const campaign = await openExport(deps, actor, campaignId, format, brandId)
  const photoUrl = (id: string) => `${deps.settings.messages.portalUrl}/images/reviews/${id}/display`
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
      const reviews = next.value.map((r) => ({ ...r, photos: r.photos.map((photo) => photoUrl(photo.id)) }))
      const text =
        format === 'csv'
          ? reviews.map((r) => csvLine([r.id, r.rating, r.title, r.text, r.publishedAt, r.reviewer, r.disclosure ?? '', r.photos.join(' ')])).join('')
          : reviews
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

/**
 * The photos of the campaign's published reviews as one ZIP file (stored, not compressed again:
 * they are JPEGs already; ZIP64 once past 4 GiB or 65,535 files), each at its display size and named
 * after its review's date and id. `photos.csv` comes first, naming each file's review, rating,
 * title, reviewer as the public sees them, and description, written a batch of reviews at a time;
 * then the photos, one at a time, the next read from the store only once the reader has taken what
 * was written. Memory holds one batch of reviews' rows and about one photo, however many there are.
 * A failure part way ends the download in error, never as a file that looks whole.
 */
export async function exportReviewPhotos(deps: SuiteDeps, actor: StaffActor, campaignId: string, brandId: string | null): Promise<ReadableStream<Uint8Array>> {
  const campaign = await openExport(deps, actor, campaignId, 'photos', brandId)
  const words = photoExportWords()
  const fileName = (review: ExportedReview, n: number) => `${review.publishedAt.slice(0, 10)}-${review.id.slice(0, 8)}-${n}.jpg`
  const photosOf = (batch: ExportedReview[]) => batch.flatMap((review) => review.photos.map((photo, i) => ({ review, photo, name: fileName(review, i + 1) })))
  const archive = new ZipStream({ store: true })
  let stopped = false

  const add = (source: Buffer | Readable, name: string, date: Date) =>
    new Promise<void>((resolve, reject) => archive.entry(source, { name, date, store: true }, (error) => (error ? reject(error) : resolve())))
  // Written, but not yet read: wait for the reader (or for the download to end) before the next photo.
  const taken = () =>
    archive.writableNeedDrain && !archive.destroyed
      ? new Promise<void>((resolve) => {
          archive.once('drain', resolve)
          archive.once('close', resolve)
        })
      : Promise.resolve()
  async function* indexLines() {
    yield Buffer.from(csvLine(words.columns))
    for await (const batch of publishedReviews(deps, campaign.id)) {
      yield Buffer.from(
        photosOf(batch)
          .map(({ review, photo, name }) => csvLine([name, review.id, review.rating, review.title, review.reviewer, photo.alt]))
          .join(''),
      )
    }
  }
  async function produce() {
    await add(Readable.from(indexLines()), words.indexName, deps.clock.now())
    for await (const batch of publishedReviews(deps, campaign.id)) {
      for (const { review, photo, name } of photosOf(batch)) {
        await taken()
        if (stopped) return
        // A file the store no longer has is left out: the index still names it.
        const bytes = await deps.photoStorage.get(photoKey(photo.id, 'display'))
        if (bytes) await add(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name, new Date(review.publishedAt))
      }
    }
    archive.finish()
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        archive.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk)
          if ((controller.desiredSize ?? 0) <= 0) archive.pause()
        })
        archive.once('end', () => controller.close())
        archive.once('error', (error) => controller.error(error))
        produce().catch((error: unknown) => {
          if (!stopped) archive.destroy(error instanceof Error ? error : new Error(String(error)))
        })
      },
      pull() {
        archive.resume()
      },
      cancel() {
        stopped = true
        archive.destroy()
      },
    },
    { highWaterMark: 1 },
  )
}

/** The export as a download: the same answer for staff (brandId null) and for a brand's viewers, within the person's export limits. */
export async function reviewsDownload(
  c: Context,
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  format: ExportFormat,
  brandId: string | null = null,
): Promise<Response> {
  const stream = await limitedExport(deps, actor, () =>
    format === 'photos' ? exportReviewPhotos(deps, actor, campaignId, brandId) : exportPublishedReviews(deps, actor, campaignId, format, brandId),
  )
  const [type, extension] = EXPORT_TYPES[format]
  const stem = format === 'photos' ? 'review-photos' : 'reviews'
  c.header('Content-Type', type)
  c.header('Content-Disposition', `attachment; filename="${stem}-${deps.clock.now().toISOString().slice(0, 10)}.${extension}"`)
  c.header('Cache-Control', 'no-store')
  return c.body(stream)
}

const EXPORT_TYPES: Record<ExportFormat, [string, string]> = {
  csv: ['text/csv; charset=utf-8', 'csv'],
  json: ['application/json; charset=utf-8', 'json'],
  photos: ['application/zip', 'zip'],
}
