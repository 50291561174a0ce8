// A campaign's results, read live from the campaign's own rows (no stored snapshot): each flight's
// funnel, the ratings, the screener's answers and the testers' profile in aggregate (groups under
// five people hidden), and the social reach. Nothing returned names or locates a tester.
import { and, asc, eq, sql } from 'drizzle-orm'
import { ageBandOf, groupsOf, type CampaignResults, type FlightFunnel } from '../../contract/results'
import { TIERS } from '../../contract/standing'
import type { Executor } from '../db/client'
import { addresses, campaigns, flights, impressions, members, participations, products, reviews, shipments, socialPosts } from '../db/schema'
import { notFound } from '../http/errors'
import { ownedByBrand } from './brands'

const DAY_SECONDS = 24 * 60 * 60

/** For staff (brandId null), any campaign's; for a brand's viewers, only a campaign of that brand past draft. */
export async function campaignResults(ex: Executor, campaignId: string, now: Date, brandId: string | null = null): Promise<CampaignResults> {
  const [campaign] = await ex
    .select({ id: campaigns.id, title: campaigns.title, brand: products.brand, screener: campaigns.screener })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .where(and(eq(campaigns.id, campaignId), ownedByBrand(brandId)))
  if (!campaign) throw notFound('Campaign')
  const [funnel, ratings, answers, profile, social] = await Promise.all([
    flightFunnels(ex, campaignId),
    ratingResults(ex, campaignId),
    screenerAnswers(ex, campaignId),
    testerProfile(ex, campaignId, now),
    socialReach(ex, campaignId),
  ])
  return {
    campaignId: campaign.id,
    title: campaign.title,
    brand: campaign.brand,
    readAt: now.toISOString(),
    flights: funnel,
    ratings,
    // Free text is never shown, only how many answered it: it may say anything about its writer.
    screener: campaign.screener.map((question) => {
      const counts = answers.get(question.id)
      return {
        questionId: question.id,
        prompt: question.prompt,
        kind: question.kind,
        answered: counts?.answered ?? 0,
        options: question.kind === 'text' ? [] : groupsOf(question.options.map((option) => [option, counts?.options.get(option) ?? 0] as const)),
      }
    }),
    profile,
    social,
  }
}

async function flightFunnels(ex: Executor, campaignId: string): Promise<FlightFunnel[]> {
  const n = (condition: ReturnType<typeof sql>) => sql<string>`count(*) filter (where ${condition})`
  const rows = await ex
    .select({
      flightId: flights.id,
      name: flights.name,
      applied: sql<string>`count(${participations.id})`,
      eligible: n(sql`${participations.status} <> 'not-eligible'`),
      selected: n(sql`${participations.selectedAt} is not null`),
      waitlisted: n(sql`${participations.status} = 'waitlisted'`),
      shipped: sql<string>`count(${shipments.shippedAt})`,
      delivered: sql<string>`count(${shipments.deliveredAt})`,
      reviewed: sql<string>`count(${participations.reviewSubmittedAt})`,
      // Looked up per participation by its unique index, not joined: the join's plan read every review.
      published: n(sql`exists (select 1 from ${reviews} where ${reviews.participationId} = ${participations.id} and ${reviews.status} = 'published')`),
      completed: n(sql`${participations.status} = 'completed'`),
      withdrawn: n(sql`${participations.status} = 'withdrawn'`),
      medianSeconds: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${participations.reviewSubmittedAt} - ${shipments.shippedAt}))`,
    })
    .from(flights)
    .leftJoin(participations, eq(participations.flightId, flights.id))
    .leftJoin(shipments, eq(shipments.participationId, participations.id))
    .where(eq(flights.campaignId, campaignId))
    .groupBy(flights.id, flights.name, flights.position)
    .orderBy(asc(flights.position))
  return rows.map(({ medianSeconds, flightId, name, ...counts }) => ({
    flightId,
    name,
    ...(Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])) as Omit<
      FlightFunnel,
      'flightId' | 'name' | 'medianDaysShippedToReview'
    >),
    medianDaysShippedToReview: medianSeconds === null ? null : Math.round((Number(medianSeconds) / DAY_SECONDS) * 10) / 10,
  }))
}

async function ratingResults(ex: Executor, campaignId: string): Promise<CampaignResults['ratings']> {
  const published = and(eq(reviews.campaignId, campaignId), sql`${reviews.status} = 'published'`)
  const [byRating, byWeek, [totals]] = await Promise.all([
    ex
      .select({ rating: reviews.rating, n: sql<string>`count(*)` })
      .from(reviews)
      .where(published)
      .groupBy(reviews.rating),
    ex
      .select({
        week: sql<string>`to_char(date_trunc('week', ${reviews.publishedAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        n: sql<string>`count(*)`,
        average: sql<string>`avg(${reviews.rating})`,
      })
      .from(reviews)
      .where(published)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    ex
      .select({
        withPhotos: sql<string>`count(*) filter (where jsonb_array_length(${reviews.photos}) > 0)`,
        withDisclosure: sql<string>`count(*) filter (where ${reviews.receivedForFree})`,
      })
      .from(reviews)
      .where(published),
  ])
  const counts = new Map(byRating.map((row) => [row.rating, Number(row.n)]))
  const distribution = [1, 2, 3, 4, 5].map((rating) => ({ rating, reviews: counts.get(rating) ?? 0 }))
  const total = distribution.reduce((sum, d) => sum + d.reviews, 0)
  const stars = distribution.reduce((sum, d) => sum + d.rating * d.reviews, 0)
  const tenth = (x: number) => Math.round(x * 10) / 10
  return {
    published: total,
    average: total === 0 ? null : tenth(stars / total),
    distribution,
    overTime: byWeek.map((row) => ({ week: row.week, reviews: Number(row.n), average: tenth(Number(row.average)) })),
    withPhotos: Number(totals?.withPhotos ?? 0),
    withDisclosure: Number(totals?.withDisclosure ?? 0),
  }
}

/** Each question's applicants who answered, and each chosen option's count (counted in the database: the answers never leave it). */
async function screenerAnswers(ex: Executor, campaignId: string) {
  const rows = await ex.execute<{ question_id: string; option: string | null; people: string }>(sql`
    select a.value->>'questionId' as question_id, o.option, count(distinct ${participations.id}) as people
    from ${flights}
    join ${participations} on ${participations.flightId} = ${flights.id}
    cross join lateral jsonb_array_elements(${participations.answers}) as a(value)
    left join lateral jsonb_array_elements_text(case when jsonb_typeof(a.value->'answer') = 'array' then a.value->'answer' else jsonb_build_array(a.value->'answer') end) as o(option) on true
    where ${flights.campaignId} = ${campaignId}
    group by grouping sets ((1), (1, 2))`)
  const result = new Map<string, { answered: number; options: Map<string, number> }>()
  // postgres.js answers an array of rows, PGlite an object holding them.
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows
  for (const row of list as Array<{ question_id: string; option: string | null; people: string }>) {
    const entry = result.get(row.question_id) ?? { answered: 0, options: new Map<string, number>() }
    if (row.option === null) entry.answered = Number(row.people)
    else entry.options.set(row.option, Number(row.people))
    result.set(row.question_id, entry)
  }
  return result
}

async function testerProfile(ex: Executor, campaignId: string, now: Date): Promise<CampaignResults['profile']> {
  // Each tester's country and birth date looked up by key (a join's plan read the whole tables).
  const testers = await ex
    .select({
      country: sql<string | null>`(select ${addresses.country} from ${addresses} where ${addresses.memberId} = ${participations.memberId})`,
      birthDate: sql<string | null>`(select ${members.birthDate} from ${members} where ${members.id} = ${participations.memberId})`,
      rank: participations.standingRank,
    })
    .from(flights)
    .innerJoin(participations, eq(participations.flightId, flights.id))
    .where(and(eq(flights.campaignId, campaignId), sql`${participations.selectedAt} is not null`))
  const tally = (labels: string[]) => {
    const counts = new Map<string, number>()
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1)
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  }
  return {
    testers: testers.length,
    countries: groupsOf(tally(testers.map((t) => t.country ?? 'not given'))),
    ageBands: groupsOf(tally(testers.map((t) => ageBandOf(t.birthDate, now))).sort((a, b) => a[0].localeCompare(b[0]))),
    tiers: groupsOf(TIERS.map((tier, rank) => [tier.id, testers.filter((t) => t.rank === rank).length] as const)),
  }
}

async function socialReach(ex: Executor, campaignId: string): Promise<CampaignResults['social']> {
  // Each post's latest report counts once.
  const latest = ex
    .selectDistinctOn([impressions.postId], {
      postId: impressions.postId,
      reach: impressions.reach,
      likes: impressions.likes,
      comments: impressions.comments,
      shares: impressions.shares,
    })
    .from(impressions)
    .orderBy(impressions.postId, sql`${impressions.reportedAt} desc`)
    .as('latest')
  const rows = await ex
    .select({
      platform: socialPosts.platform,
      posts: sql<string>`count(*)`,
      reach: sql<string>`coalesce(sum(${latest.reach}), 0)`,
      likes: sql<string>`coalesce(sum(${latest.likes}), 0)`,
      comments: sql<string>`coalesce(sum(${latest.comments}), 0)`,
      shares: sql<string>`coalesce(sum(${latest.shares}), 0)`,
    })
    .from(flights)
    .innerJoin(participations, eq(participations.flightId, flights.id))
    .innerJoin(socialPosts, eq(socialPosts.participationId, participations.id))
    .leftJoin(latest, eq(latest.postId, socialPosts.id))
    .where(eq(flights.campaignId, campaignId))
    .groupBy(socialPosts.platform)
    .orderBy(socialPosts.platform)
  const platforms = rows.map((row) => ({
    platform: row.platform,
    posts: Number(row.posts),
    reach: Number(row.reach),
    likes: Number(row.likes),
    comments: Number(row.comments),
    shares: Number(row.shares),
  }))
  return { posts: platforms.reduce((s, p) => s + p.posts, 0), reach: platforms.reduce((s, p) => s + p.reach, 0), platforms }
}
