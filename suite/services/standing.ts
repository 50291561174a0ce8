// A member's standing, computed from their record as a tester each time it is asked for (the
// rules and tiers: contract/standing.ts). Reliability earns: tests completed with the review in by
// its due date, reviews approved, social posts shared. Letting a test down costs: withdrawing after
// being selected, and a review not in by its due date (late or never).
import { and, eq, sql } from 'drizzle-orm'
import { standingOf, tierOf, tierRank, standingScore, type Standing, type StandingCounts, type TierId } from '../../contract/standing'
import { preparedQuery, type Executor } from '../db/client'
import { flights, participations, reviews } from '../db/schema'
import { inIdList, uuidArrayText } from '../db/id-lists'

const NONE: StandingCounts = { completedOnTime: 0, reviewApproved: 0, socialTaskDone: 0, withdrawnAfterSelection: 0, missedDeadline: 0 }

/** Each member's reviews decided so far: published, and rejected (a review rejected and then published counts as published). */
export type ReviewDecisions = Map<string, { published: number; rejected: number }>

const selected = sql`${participations.selectedAt} is not null`
const onTime = sql`${participations.reviewSubmittedAt} <= ${flights.reviewDueAt}`

/** Each member's record as a tester (placeholders: ids, now), read for every page of applicants or reviews: built once. */
const recordsOf = preparedQuery((ex) =>
  ex
    .select({
      memberId: participations.memberId,
      completed: sql<string>`count(*) filter (where ${participations.status} = 'completed')`,
      completedOnTime: sql<string>`count(*) filter (where ${participations.status} = 'completed' and ${onTime})`,
      socialTaskDone: sql<string>`count(*) filter (where ${participations.socialSubmittedAt} is not null)`,
      withdrawnAfterSelection: sql<string>`count(*) filter (where ${participations.status} = 'withdrawn' and ${selected})`,
      // Selected and not withdrawn, the review late, or still missing after its due date.
      missedDeadline: sql<string>`count(*) filter (where ${selected} and ${participations.status} <> 'withdrawn' and (${participations.reviewSubmittedAt} > ${flights.reviewDueAt} or (${participations.reviewSubmittedAt} is null and ${flights.reviewDueAt} < ${sql.placeholder('now')}::timestamptz)))`,
    })
    .from(participations)
    .innerJoin(flights, eq(flights.id, participations.flightId))
    .where(inIdList(participations.memberId, 'ids'))
    .groupBy(participations.memberId),
)

/** Each member's reviews decided so far (placeholder: ids): built once. */
const decisionsOf = preparedQuery((ex) =>
  ex
    .select({
      memberId: reviews.memberId,
      published: sql<string>`count(*) filter (where ${reviews.status} = 'published')`,
      rejected: sql<string>`count(*) filter (where ${reviews.status} = 'rejected')`,
    })
    .from(reviews)
    .where(and(inIdList(reviews.memberId, 'ids'), sql`${reviews.status} in ('published', 'rejected')`))
    .groupBy(reviews.memberId),
)

/**
 * The counts behind the standing of each member asked for (members with no record: all zero), and
 * their reviews decided so far, read together: the participations and the reviews at once. With
 * them, how many tests each has completed, on time or not (absent for a member with no
 * participation at all).
 */
export async function standingsAndDecisions(
  ex: Executor,
  memberIds: string[],
  now: Date,
): Promise<{ standings: Map<string, StandingCounts>; decisions: ReviewDecisions; completed: Map<string, number> }> {
  const standings = new Map<string, StandingCounts>(memberIds.map((id) => [id, { ...NONE }]))
  const decisions: ReviewDecisions = new Map()
  const completed = new Map<string, number>()
  if (memberIds.length === 0) return { standings, decisions, completed }
  const values = { ids: uuidArrayText(memberIds), now: now.toISOString() }
  const [rows, reviewed] = await Promise.all([recordsOf(ex, values), decisionsOf(ex, values)])
  for (const row of rows) {
    completed.set(row.memberId, Number(row.completed))
    const counts = standings.get(row.memberId)!
    counts.completedOnTime = Number(row.completedOnTime)
    counts.socialTaskDone = Number(row.socialTaskDone)
    counts.withdrawnAfterSelection = Number(row.withdrawnAfterSelection)
    counts.missedDeadline = Number(row.missedDeadline)
  }
  for (const row of reviewed) {
    decisions.set(row.memberId, { published: Number(row.published), rejected: Number(row.rejected) })
    standings.get(row.memberId)!.reviewApproved = Number(row.published)
  }
  return { standings, decisions, completed }
}

/** The counts behind the standing of each member asked for (members with no record: all zero). */
export async function standingCounts(ex: Executor, memberIds: string[], now: Date): Promise<Map<string, StandingCounts>> {
  return (await standingsAndDecisions(ex, memberIds, now)).standings
}

export async function memberStanding(ex: Executor, memberId: string, now: Date): Promise<Standing> {
  return standingOf((await standingCounts(ex, [memberId], now)).get(memberId)!)
}

export async function memberTier(ex: Executor, memberId: string, now: Date): Promise<TierId> {
  return tierOf(standingScore((await standingCounts(ex, [memberId], now)).get(memberId)!))
}

/** The rank a sign-up keeps in the waitlist: the member's tier when they applied. */
export async function memberTierRank(ex: Executor, memberId: string, now: Date): Promise<number> {
  return tierRank(await memberTier(ex, memberId, now))
}
