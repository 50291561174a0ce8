// A review carries what it shows of its campaign, product and author, kept by triggers (migration
// 0028) so a page of public reviews reads no other table. After each change of a random series
// (authors renamed, left without a name or deleted, products renamed, rebranded and given other
// images, campaigns given another slug, reviews written) every review's copy must be what those
// rows say now, and the public list must show it. On PostgreSQL, a change committed while a review
// is being written, in either order, must reach that review too.
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReviewPageSchema } from '../../contract/campaigns'
import { PUBLIC_REVIEWS_PATH } from '../../contract/paths'
import type { Executor } from '../db/client'
import { campaigns, members, participations, products, reviews } from '../db/schema'
import { invariantViolations } from '../seed/invariants'
import { waitFor } from '../test/delivery-sinks'
import { createCampaign, insertReviews, type CampaignFixture } from '../test/fixtures'
import { seededRandom } from '../test/random'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { DEFAULT_NOTIFICATION_SETTINGS } from './members'
import { pseudonymize } from './account-deletion'

let h: Harness
const campaignsMade: CampaignFixture[] = []

/** Reviews whose copy differs from their campaign, product and author now. */
const unkept = async (ex: Executor = h.deps.db) => (await invariantViolations(ex)).filter((violation) => violation.rule === 'review-shown-kept')

/** The public list's reviews (all of them, newest first), as shown. */
async function publicList() {
  const page = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '50' } }), ReviewPageSchema)
  return page.items.map((r) => ({
    id: r.id,
    campaignSlug: r.campaignSlug,
    productName: r.productName,
    brand: r.brand,
    imageUrl: r.imageUrl,
    authorName: r.authorName,
  }))
}

/** What the list should show of each published review: read through its campaign, product and author. */
async function joined() {
  return h.deps.db
    .select({
      id: reviews.id,
      campaignSlug: campaigns.slug,
      productName: products.name,
      brand: products.brand,
      imageUrl: sql<string>`coalesce(${products.images} ->> 0, '')`,
      authorName: sql<string>`case when ${members.pseudonymizedAt} is not null then 'Former member' else coalesce(nullif(${members.displayName}, ''), 'Member') end`,
    })
    .from(reviews)
    .innerJoin(campaigns, eq(campaigns.id, reviews.campaignId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(eq(reviews.status, 'published'))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
}

/** A member with a participation in the campaign waiting for its review, written by hand. */
async function reviewer(campaign: CampaignFixture, name: string) {
  const now = h.clock.now()
  const [member] = await h.deps.db
    .insert(members)
    .values({
      uid: `shown-${crypto.randomUUID()}`,
      email: `shown-${crypto.randomUUID()}@example.test`,
      displayName: name,
      notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
      referralCode: `SHOWN${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  const [participation] = await h.deps.db
    .insert(participations)
    .values({
      memberId: member!.id,
      campaignId: campaign.campaignId,
      flightId: campaign.flightId,
      status: 'reviewed',
      appliedAt: now,
      selectedAt: now,
      updatedAt: now,
    })
    .returning({ id: participations.id })
  return { member: member!, participationId: participation!.id }
}

/** The review of that participation, published, written in `ex`. */
const writeReview = (ex: Executor, campaign: CampaignFixture, who: { member: { id: string }; participationId: string }, at: Date) =>
  ex.insert(reviews).values({
    participationId: who.participationId,
    memberId: who.member.id,
    campaignId: campaign.campaignId,
    productId: campaign.productId,
    rating: 4,
    title: 'Does what it says',
    body: 'Used it every day for two weeks.',
    receivedForFree: true,
    status: 'published',
    submittedAt: at,
    publishedAt: at,
  })

beforeAll(async () => {
  h = await createHarness()
  for (const tag of ['shown-a', 'shown-b']) {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { phase: 'completed' })
    await insertReviews(h.deps.db, h.clock.now(), campaign, 4, { tag: `${tag}-${crypto.randomUUID().slice(0, 6)}` })
    campaignsMade.push(campaign)
  }
})
afterAll(() => h?.close())

describe("a review's shown fields", () => {
  it('are copied from its campaign, product and author when it is written', async () => {
    expect(await unkept()).toEqual([])
    const shown = await publicList()
    expect(shown).toHaveLength(8)
    expect(shown).toEqual(await joined())
    expect(shown.every((r) => r.authorName.startsWith('Reviewer '))).toBe(true)
  })

  it('follow every change to them through a random series, and the public list shows them', async () => {
    const rng = seededRandom(20261129)
    const names = ['Ada L.', 'Bo', '', 'Chidi A.', 'Dana']
    for (let step = 0; step < 40; step++) {
      const campaign = rng.pick(campaignsMade)
      const authors = await h.deps.db
        .select({ id: members.id })
        .from(members)
        .innerJoin(reviews, eq(reviews.memberId, members.id))
        .where(eq(reviews.campaignId, campaign.campaignId))
      // Each kind of change once first, then at random.
      const change = step < 7 ? step : rng.int(7)
      let what: string
      if (change === 0) {
        what = 'an author renamed'
        await h.deps.db
          .update(members)
          .set({ displayName: rng.pick(names) })
          .where(eq(members.id, rng.pick(authors).id))
      } else if (change === 1) {
        what = 'an author deleted'
        const [row] = await h.deps.db
          .select()
          .from(members)
          .where(eq(members.id, rng.pick(authors).id))
        if (!row!.pseudonymizedAt) await pseudonymize(h.deps, row!)
      } else if (change === 2) {
        what = 'a product renamed'
        await h.deps.db
          .update(products)
          .set({ name: `Kettle ${rng.int(1000)}` })
          .where(eq(products.id, campaign.productId))
      } else if (change === 3) {
        what = 'a product rebranded'
        await h.deps.db
          .update(products)
          .set({ brand: rng.pick(['Little Meadow', 'Brightwork', 'Oakline']) })
          .where(eq(products.id, campaign.productId))
      } else if (change === 4) {
        what = "a product's images changed"
        const images = rng.pick([[], ['/images/a.webp'], ['/images/b.webp', '/images/a.webp']])
        await h.deps.db.update(products).set({ images }).where(eq(products.id, campaign.productId))
      } else if (change === 5) {
        what = "a campaign's slug changed"
        await h.deps.db
          .update(campaigns)
          .set({ slug: `kettle-test-${crypto.randomUUID().slice(0, 8)}` })
          .where(eq(campaigns.id, campaign.campaignId))
      } else {
        what = 'a review written'
        h.clock.advance(60_000)
        await writeReview(h.deps.db, campaign, await reviewer(campaign, rng.pick(names)), h.clock.now())
      }
      expect(await unkept(), `step ${step}: ${what}`).toEqual([])
      expect(await publicList(), `step ${step}: ${what}`).toEqual(await joined())
    }
  })

  describe.skipIf(!process.env.TEST_DATABASE_URL)('with a change made while a review is being written (PostgreSQL)', () => {
    /** Whether a statement of this database is waiting for a lock just now. */
    const someoneWaits = async () => {
      // PostgreSQL only: postgres.js answers the rows themselves.
      const rows = (await h.deps.db.execute(
        sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as unknown[]
      return rows.length > 0
    }

    it.each(['the review first', 'the change first'] as const)('reaches the review whichever takes its lock first: %s', async (first) => {
      const campaign = campaignsMade[0]!
      const who = await reviewer(campaign, 'Before')
      h.clock.advance(60_000)
      const at = h.clock.now()
      const rename = (ex: Executor) => ex.update(members).set({ displayName: 'After' }).where(eq(members.id, who.member.id))
      const write = (ex: Executor) => writeReview(ex, campaign, who, at)
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      // The first is done and held open in its transaction; the second is started and waits for it.
      const holding = h.deps.db.transaction(async (tx) => {
        await (first === 'the review first' ? write(tx) : rename(tx))
        await held
      })
      await waitFor(
        async () =>
          (
            (await h.deps.db.execute(
              sql`select 1 from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
            )) as unknown as unknown[]
          ).length > 0,
      )
      const second = h.deps.db.transaction(async (tx) => {
        await (first === 'the review first' ? rename(tx) : write(tx))
      })
      await waitFor(someoneWaits)
      release()
      await Promise.all([holding, second])
      const [review] = await h.deps.db.select({ shown: reviews.shownAuthorName }).from(reviews).where(eq(reviews.participationId, who.participationId))
      expect(review?.shown).toBe('After')
      expect(await unkept()).toEqual([])
    })
  })
})
