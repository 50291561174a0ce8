// The sitemaps' data: every published review listed once across the shares, in id order, each
// share within its size, pending ones not at all; campaigns listed while published only.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaigns, reviews } from '../db/schema'
import { createCampaign, insertReviews } from '../test/fixtures'
import { createHarness, type Harness } from '../test/harness'
import { cachedSitemapIndex, sitemapCampaigns, sitemapIndex, sitemapReviewsCsv } from './sitemap'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
  const now = h.clock.now()
  for (const tag of ['sm-one', 'sm-two']) {
    const campaign = await createCampaign(h.deps.db, now, { phase: 'completed' })
    await insertReviews(h.deps.db, now, campaign, 4, { tag })
    await insertReviews(h.deps.db, now, campaign, 2, { tag: `${tag}-pending`, status: 'pending' })
  }
})
afterAll(() => h?.close())

const idsOf = async (stream: ReadableStream<Uint8Array>) =>
  (await new Response(stream).text())
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [id, published] = line.split(',').map((field) => JSON.parse(field) as string)
      // A date in the one form every answer uses (Date.toISOString), milliseconds and Z included.
      expect(new Date(published!).toISOString()).toBe(published)
      return id!
    })

describe('sitemap data', () => {
  it('lists every published review once, in shares of at most the given size that follow one another', async () => {
    const published = (await h.deps.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.status, 'published')).orderBy(asc(reviews.id))).map(
      (row) => row.id,
    )
    expect(published).toHaveLength(8)
    const size = 3
    const index = await sitemapIndex(h.deps.db, size)
    expect(index.reviews).toHaveLength(Math.ceil(published.length / size))
    const listed: string[] = []
    for (const share of index.reviews) {
      const ids = await idsOf(sitemapReviewsCsv(h.deps, share.after, size))
      expect(ids.length).toBeLessThanOrEqual(size)
      listed.push(...ids)
    }
    expect(listed).toEqual(published)
    // A share's lastmod is its latest publication.
    expect(index.reviews.every((share) => !Number.isNaN(Date.parse(share.lastmod)))).toBe(true)
  })

  it('lists the published campaigns by slug, and an archived campaign no longer', async () => {
    const before = await sitemapCampaigns(h.deps.db)
    const [first] = before.items
    expect(first).toBeDefined()
    await h.deps.db.update(campaigns).set({ status: 'archived' }).where(eq(campaigns.slug, first!.slug))
    const after = await sitemapCampaigns(h.deps.db)
    expect(after.items.map((item) => item.slug)).toEqual(before.items.slice(1).map((item) => item.slug))
    expect((await sitemapIndex(h.deps.db)).campaignsLastmod).not.toBeNull()
  })

  it('keeps the index for a minute, computed once for callers at the same time, then reads it again', async () => {
    let reads = 0
    const counted = { clock: h.deps.clock, reads: <T>(work: Parameters<typeof h.deps.reads<T>>[0]) => (reads++, h.deps.reads(work)) }
    const index = cachedSitemapIndex(counted, 60_000)
    const [first, second] = await Promise.all([index(), index()])
    expect(second).toBe(first)
    expect(reads).toBe(1)
    h.clock.advance(59_000)
    await index()
    expect(reads).toBe(1)
    h.clock.advance(1_000)
    await index()
    expect(reads).toBe(2)
  })
})
