// A campaign's results, exact at every reading: each flight's funnel, the ratings, the screener's
// answers and the testers' profile in aggregate (groups under five people hidden), and the social
// reach. Nothing returned names or locates a tester. All but the reach are read from counts kept per
// flight by triggers in the transaction of every change (migration 0024), a few rows per flight;
// `recountCampaignResults` counts the same from every applicant and review, as the tests' check.
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm'
import { ageBandOf, groupsOf, type CampaignResults, type FlightFunnel } from '../../contract/results'
import { TIERS } from '../../contract/standing'
import type { Executor } from '../db/client'
import {
  addresses,
  campaigns,
  flights,
  impressions,
  members,
  participations,
  products,
  resultFlightCounts,
  resultFlightGroups,
  resultFlightLags,
  reviews,
  shipments,
  socialPosts,
} from '../db/schema'
import { notFound } from '../http/errors'
import { ownedByBrand } from './brands'

const DAY_SECONDS = 24 * 60 * 60

type Campaign = {
  id: string
  title: string
  brand: string
  screener: Array<{ id: string; prompt: string; kind: 'single' | 'multi' | 'text'; options: string[] }>
}
type Answers = Map<string, { answered: number; options: Map<string, number> }>

/**
 * The figures results are made of, before groups under five people are hidden: each flight's funnel,
 * the ratings, each screener question's applicants (and each option's), and the testers by country,
 * age band and standing rank.
 */
export interface Figures {
  funnel: FlightFunnel[]
  ratings: CampaignResults['ratings']
  answers: Answers
  testers: { countries: Map<string, number>; ageBands: Map<string, number>; tiers: Map<number, number> }
}

/** For staff (brandId null), any campaign's; for a brand's viewers, only a campaign of that brand past draft. */
export async function campaignResults(ex: Executor, campaignId: string, now: Date, brandId: string | null = null): Promise<CampaignResults> {
  const [campaign, figures, social] = await Promise.all([campaignOf(ex, campaignId, brandId), keptFigures(ex, campaignId, now), socialReach(ex, campaignId)])
  return assemble(campaign, now, figures, social)
}

/**
 * The same results counted from every applicant of the campaign (what the kept counts must always
 * equal): the tests compare the two after every series of changes.
 */
export async function recountCampaignResults(ex: Executor, campaignId: string, now: Date): Promise<CampaignResults> {
  const [campaign, figures, social] = await Promise.all([campaignOf(ex, campaignId, null), recountedFigures(ex, campaignId, now), socialReach(ex, campaignId)])
  return assemble(campaign, now, figures, social)
}

/** The figures from the counts kept per flight (result_flight_counts, _groups and _lags): a few rows per flight and week. */
export async function keptFigures(ex: Executor, campaignId: string, now: Date): Promise<Figures> {
  const [funnel, groups] = await Promise.all([keptFunnels(ex, campaignId), keptGroups(ex, campaignId)])
  const answers: Answers = new Map()
  const testers: Figures['testers'] = { countries: new Map(), ageBands: new Map(), tiers: new Map() }
  // Published reviews: by week and stars, with photos, with the disclosure.
  const weeks = new Map<string, Map<number, number>>()
  const reviewsWith = { photos: 0, disclosure: 0 }
  const add = <K>(counts: Map<K, number>, key: K, n: number) => counts.set(key, (counts.get(key) ?? 0) + n)
  for (const { facet, item, label, n } of groups) {
    const count = Number(n)
    // A group everyone left is not there (its row goes at zero).
    if (count <= 0) continue
    if (facet === 'answered' || facet === 'option') {
      const entry = answers.get(item) ?? { answered: 0, options: new Map<string, number>() }
      if (facet === 'answered') entry.answered = count
      else entry.options.set(label, count)
      answers.set(item, entry)
    } else if (facet === 'country') add(testers.countries, label, count)
    else if (facet === 'birth') add(testers.ageBands, ageBandOf(label === '' ? null : label, now), count)
    else if (facet === 'tier') add(testers.tiers, Number(label), count)
    else if (facet === 'rating') add(weeks.get(item) ?? weeks.set(item, new Map()).get(item)!, Number(label), count)
    else if (facet === 'photos') reviewsWith.photos = count
    else if (facet === 'disclosure') reviewsWith.disclosure = count
  }
  const byRating = new Map<number, number>()
  for (const stars of weeks.values()) for (const [rating, n] of stars) add(byRating, rating, n)
  const overTime = [...weeks]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([week, stars]) => {
      const n = [...stars.values()].reduce((sum, x) => sum + x, 0)
      return { week, reviews: n, average: [...stars].reduce((sum, [rating, x]) => sum + rating * x, 0) / n }
    })
  return { funnel, answers, testers, ratings: ratingsOf(byRating, overTime, reviewsWith.photos, reviewsWith.disclosure) }
}

/** The figures counted from every applicant and published review of the campaign. */
export async function recountedFigures(ex: Executor, campaignId: string, now: Date): Promise<Figures> {
  const [funnel, answers, testers, ratings] = await Promise.all([
    flightFunnels(ex, campaignId),
    screenerAnswers(ex, campaignId),
    testerProfile(ex, campaignId, now),
    ratingResults(ex, campaignId),
  ])
  return { funnel, answers, testers, ratings }
}

async function campaignOf(ex: Executor, campaignId: string, brandId: string | null): Promise<Campaign> {
  const [campaign] = await ex
    .select({ id: campaigns.id, title: campaigns.title, brand: products.brand, screener: campaigns.screener })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .where(and(eq(campaigns.id, campaignId), ownedByBrand(brandId)))
  if (!campaign) throw notFound('Campaign')
  return campaign
}

function assemble(campaign: Campaign, now: Date, { funnel, answers, testers, ratings }: Figures, social: CampaignResults['social']): CampaignResults {
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
    profile: {
      testers: funnel.reduce((sum, flight) => sum + flight.selected, 0),
      countries: groupsOf([...testers.countries].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
      ageBands: groupsOf([...testers.ageBands].sort((a, b) => a[0].localeCompare(b[0]))),
      tiers: groupsOf(TIERS.map((tier, rank) => [tier.id, testers.tiers.get(rank) ?? 0] as const)),
    },
    social,
  }
}

const days = (seconds: number | string | null) => (seconds === null ? null : Math.round((Number(seconds) / DAY_SECONDS) * 10) / 10)

/** Each flight's kept funnel; the median of the kept shipping-to-review seconds, each as many times as reviews took it. */
async function keptFunnels(ex: Executor, campaignId: string): Promise<FlightFunnel[]> {
  const c = resultFlightCounts
  const n = (column: AnyColumn) => sql<number>`coalesce(${column}, 0)::int`
  const rows = await ex
    .select({
      flightId: flights.id,
      name: flights.name,
      applied: n(c.applied),
      eligible: n(c.eligible),
      selected: n(c.selected),
      waitlisted: n(c.waitlisted),
      shipped: n(c.shipped),
      delivered: n(c.delivered),
      reviewed: n(c.reviewed),
      published: n(c.published),
      completed: n(c.completed),
      withdrawn: n(c.withdrawn),
      medianSeconds: sql<number | null>`(select percentile_cont(0.5) within group (order by ${resultFlightLags.seconds})
        from ${resultFlightLags}, generate_series(1, ${resultFlightLags.people}) where ${resultFlightLags.flightId} = ${flights.id})`,
    })
    .from(flights)
    .leftJoin(c, eq(c.flightId, flights.id))
    .where(eq(flights.campaignId, campaignId))
    .orderBy(asc(flights.position))
  return rows.map(({ medianSeconds, flightId, name, ...counts }) => ({
    flightId,
    name,
    ...(Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])) as Omit<
      FlightFunnel,
      'flightId' | 'name' | 'medianDaysShippedToReview'
    >),
    medianDaysShippedToReview: days(medianSeconds),
  }))
}

/** The kept groups of the campaign's flights, summed over its flights. */
async function keptGroups(ex: Executor, campaignId: string) {
  const g = resultFlightGroups
  return ex
    .select({ facet: g.facet, item: g.item, label: g.label, n: sql<string>`sum(${g.people})` })
    .from(g)
    .innerJoin(flights, eq(flights.id, g.flightId))
    .where(eq(flights.campaignId, campaignId))
    .groupBy(g.facet, g.item, g.label)
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
    medianDaysShippedToReview: days(medianSeconds),
  }))
}

async function ratingResults(ex: Executor, campaignId: string): Promise<CampaignResults['ratings']> {
  const week = sql.raw(`to_char(date_trunc('week', "reviews"."published_at" at time zone 'UTC'), 'YYYY-MM-DD')`)
  // One pass over the campaign's published reviews: by stars, by week, and in all (grouping() says
  // which: 1 for a rating's row, 2 for a week's, 3 for the whole).
  const rows = await ex
    .select({
      set: sql<number>`grouping(${reviews.rating}, ${week})`,
      rating: reviews.rating,
      week: sql<string | null>`${week}`,
      n: sql<string>`count(*)`,
      average: sql<string>`avg(${reviews.rating})`,
      withPhotos: sql<string>`count(*) filter (where jsonb_array_length(${reviews.photos}) > 0)`,
      withDisclosure: sql<string>`count(*) filter (where ${reviews.receivedForFree})`,
    })
    .from(reviews)
    .where(and(eq(reviews.campaignId, campaignId), sql`${reviews.status} = 'published'`))
    .groupBy(sql`grouping sets ((${reviews.rating}), (${week}), ())`)
  const byRating = rows.filter((row) => Number(row.set) === 1)
  const byWeek = rows.filter((row) => Number(row.set) === 2).sort((a, b) => (a.week! < b.week! ? -1 : a.week! > b.week! ? 1 : 0))
  const totals = rows.find((row) => Number(row.set) === 3)
  return ratingsOf(
    new Map(byRating.map((row) => [row.rating!, Number(row.n)])),
    byWeek.map((row) => ({ week: row.week!, reviews: Number(row.n), average: Number(row.average) })),
    Number(totals?.withPhotos ?? 0),
    Number(totals?.withDisclosure ?? 0),
  )
}

/** The ratings from the published reviews' count by stars and by week (each week's average unrounded). */
function ratingsOf(
  byRating: Map<number, number>,
  overTime: Array<{ week: string; reviews: number; average: number }>,
  withPhotos: number,
  withDisclosure: number,
): CampaignResults['ratings'] {
  const distribution = [1, 2, 3, 4, 5].map((rating) => ({ rating, reviews: byRating.get(rating) ?? 0 }))
  const total = distribution.reduce((sum, d) => sum + d.reviews, 0)
  const stars = distribution.reduce((sum, d) => sum + d.rating * d.reviews, 0)
  const tenth = (x: number) => Math.round(x * 10) / 10
  return {
    published: total,
    average: total === 0 ? null : tenth(stars / total),
    distribution,
    overTime: overTime.map((week) => ({ ...week, average: tenth(week.average) })),
    withPhotos,
    withDisclosure,
  }
}

/** Each question's applicants who answered, and each chosen option's count (counted in the database: the answers never leave it). */
async function screenerAnswers(ex: Executor, campaignId: string): Promise<Answers> {
  // grouping(o.option) tells the question's own row (1) from an option's: an empty list of choices
  // gives an option row whose option is null too.
  const rows = await ex.execute<{ question_id: string; option: string | null; whole: number; people: string }>(sql`
    select a.value->>'questionId' as question_id, o.option, grouping(o.option) as whole, count(distinct ${participations.id}) as people
    from ${flights}
    join ${participations} on ${participations.flightId} = ${flights.id}
    cross join lateral jsonb_array_elements(${participations.answers}) as a(value)
    left join lateral jsonb_array_elements_text(case when jsonb_typeof(a.value->'answer') = 'array' then a.value->'answer' else jsonb_build_array(a.value->'answer') end) as o(option) on true
    where ${flights.campaignId} = ${campaignId}
    group by grouping sets ((1), (1, 2))`)
  const result: Answers = new Map()
  // postgres.js answers an array of rows, PGlite an object holding them.
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows
  for (const row of list as Array<{ question_id: string; option: string | null; whole: number; people: string }>) {
    if (row.question_id === null || (Number(row.whole) === 0 && row.option === null)) continue
    const entry = result.get(row.question_id) ?? { answered: 0, options: new Map<string, number>() }
    if (Number(row.whole) === 1) entry.answered = Number(row.people)
    else entry.options.set(row.option!, Number(row.people))
    result.set(row.question_id, entry)
  }
  return result
}

async function testerProfile(ex: Executor, campaignId: string, now: Date): Promise<Figures['testers']> {
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
  const tally = <K>(labels: K[]) => {
    const counts = new Map<K, number>()
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1)
    return counts
  }
  return {
    countries: tally(testers.map((t) => t.country ?? 'not given')),
    ageBands: tally(testers.map((t) => ageBandOf(t.birthDate, now))),
    tiers: tally(testers.map((t) => t.rank)),
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
