// The data of the portal's sitemaps: published campaigns, and published reviews in shares of at
// most the protocol's 50,000 addresses. Reviews are read in id order by keyset, a batch at a time,
// so a share of any size is streamed with the process's memory flat; no OFFSET scans past rows.
import { and, asc, eq, gt, max, sql } from 'drizzle-orm'
import { SITEMAP_MAX_ADDRESSES, type CampaignSitemap, type SitemapIndex } from '../../contract/sitemap'
import { preparedPerDatabase, unmappedRows, type Db } from '../db/client'
import { campaigns, reviews } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { csvLine } from './csv'

/** When a review was published (older reviews carry only when they were sent). */
const publishedAt = sql<Date>`coalesce(${reviews.publishedAt}, ${reviews.submittedAt})`
/** The same in ISO 8601 as toISOString writes it, written by PostgreSQL: a share's 50,000 dates are not parsed and formatted again here. */
const publishedIso = sql<string>`to_char(${publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The sitemap index's parts: when a published campaign last changed, and where each share of the
 * published reviews starts (the id it follows) with its latest publication. One pass over the
 * published reviews' ids numbers them; every SITEMAP_MAX_ADDRESSES-th closes a share.
 */
export async function sitemapIndex(db: Db, shareSize = SITEMAP_MAX_ADDRESSES): Promise<SitemapIndex> {
  const [campaignRow] = await db
    .select({ lastmod: max(campaigns.updatedAt) })
    .from(campaigns)
    .where(eq(campaigns.status, 'published'))
  const numbered = db
    .select({
      id: reviews.id,
      published: publishedAt.as('published'),
      share: sql<number>`(row_number() over (order by ${reviews.id}) - 1) / ${shareSize}`.as('share'),
    })
    .from(reviews)
    .where(eq(reviews.status, 'published'))
    .as('numbered')
  const shares = await db
    .select({ lastId: sql<string>`max(${numbered.id}::text)`, lastmod: sql<string>`max(${numbered.published})` })
    .from(numbered)
    .groupBy(numbered.share)
    .orderBy(numbered.share)
  return {
    campaignsLastmod: campaignRow?.lastmod ? new Date(campaignRow.lastmod).toISOString() : null,
    reviews: shares.map((share, index) => ({ after: index === 0 ? null : shares[index - 1]!.lastId, lastmod: new Date(share.lastmod).toISOString() })),
  }
}

/** How long a member API keeps the sitemap index's parts: they change slowly, and crawlers ask for them in bursts. */
export const SITEMAP_INDEX_MAX_AGE_MS = 60_000

/**
 * The sitemap index's parts, computed at most once a minute per process (one pass over a million
 * published reviews' ids takes a few hundred milliseconds); callers meanwhile share the one answer.
 */
export function cachedSitemapIndex(deps: Pick<SuiteDeps, 'reads' | 'clock'>, maxAgeMs = SITEMAP_INDEX_MAX_AGE_MS): () => Promise<SitemapIndex> {
  let cached: { at: number; index: Promise<SitemapIndex> } | null = null
  return () => {
    const now = deps.clock.now().getTime()
    if (!cached || now - cached.at >= maxAgeMs) {
      const index = deps.reads((db) => sitemapIndex(db))
      cached = { at: now, index }
      // A failed reading is not kept: the next call tries again.
      index.catch(() => {
        if (cached?.index === index) cached = null
      })
    }
    return cached.index
  }
}

/** Every published campaign by its slug (archived and draft ones are not listed). */
export async function sitemapCampaigns(db: Db): Promise<CampaignSitemap> {
  const rows = await db
    .select({ slug: campaigns.slug, lastmod: campaigns.updatedAt })
    .from(campaigns)
    .where(eq(campaigns.status, 'published'))
    .orderBy(asc(campaigns.slug))
  return { items: rows.map((row) => ({ slug: row.slug, lastmod: row.lastmod.toISOString() })) }
}

/** Reviews read per statement: a share of 50,000 in ten round trips, each batch about 350 KB of CSV, so memory stays flat. */
const BATCH = 5000

/**
 * A batch of a share (placeholders: limit, and after but for the first), prepared once per
 * database and read unmapped (unmappedRows): its two columns come back as text (the id, and the time to_char writes), and
 * Drizzle mapping a share's 50,000 rows cost the member API more than writing them as CSV. The
 * status is written into the statement, so the plan PostgreSQL keeps uses the index of published
 * reviews' ids.
 */
const shareBatches = preparedPerDatabase((db) => {
  const batch = (from: 'start' | 'after') =>
    db
      .select({ id: sql<string>`${reviews.id}`.as('id'), published: publishedIso.as('published') })
      .from(reviews)
      .where(and(sql`${reviews.status} = 'published'`, from === 'after' ? gt(reviews.id, sql.placeholder('after')) : undefined))
      .orderBy(asc(reviews.id))
      .limit(sql.placeholder('limit'))
  return { first: batch('start').prepare('sitemap_reviews_first'), after: batch('after').prepare('sitemap_reviews_after') }
})

/** One share of the published reviews as CSV lines `"id","published at"` (csvLine, as every CSV the product writes): those after `after`, at most `shareSize`. */
export function sitemapReviewsCsv(deps: SuiteDeps, after: string | null, shareSize = SITEMAP_MAX_ADDRESSES): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let last = after
  let sent = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const limit = Math.min(BATCH, shareSize - sent)
      const rows: Array<{ id: string; published: string }> =
        limit === 0
          ? []
          : await deps.reads((db) =>
              last === null ? unmappedRows(shareBatches(db).first, { limit }) : unmappedRows(shareBatches(db).after, { limit, after: last }),
            )
      if (rows.length === 0) {
        controller.close()
        return
      }
      sent += rows.length
      last = rows[rows.length - 1]!.id
      controller.enqueue(encoder.encode(rows.map((row) => csvLine([row.id, row.published])).join('')))
    },
  })
}
