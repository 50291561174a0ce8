// Applicants and selection for campaign managers: a flight's applicants with their screener
// answers, standing and record, the waitlist in its serving order, and selecting within the quota.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { standingOf } from '../../contract/standing'
import type { ApplicantPage, ApplicantsQuery, OpsCampaignList, SelectionResult } from '../../contract/ops-applicants'
import type { ScreenerQuestion } from '../../contract/campaigns'
import { PARTICIPATION_STATUSES, type ParticipationStatus } from '../../contract/participations'
import {
  addresses,
  campaignScreeners,
  campaigns,
  flightApplicantCounts,
  flights,
  isWaiting,
  linkedApplicants,
  members,
  participations,
  statusIn,
  WAITING_STATUSES,
} from '../db/schema'
import { preparedQueries, preparedQuery } from '../db/client'
import { inIdList, uuidArrayText } from '../db/id-lists'
import type { SuiteDeps } from '../deps'
import { notFound } from '../http/errors'
import { countingLinksOf, listedLinks } from '../services/account-links'
import { PLACE_HOLDING_STATUSES } from '../services/campaigns'
import { selectInFlight, waitlistOrder } from '../services/participations'
import { standingsAndDecisions } from '../services/standing'
import type { StaffActor } from '../actors/actor'

/**
 * The kept count of a flight's participations in these statuses (flight_applicant_counts), for the
 * flight of the row (`flights.id`); 0 for a flight no one applied to.
 */
function keptCountOfFlight(statuses: readonly ParticipationStatus[]): SQL<string> {
  return sql<string>`coalesce((select ${keptSum(statuses)} from ${flightApplicantCounts} where ${flightApplicantCounts.flightId} = ${flights.id}), 0)`
}

/** The sum of the kept counts' columns of these statuses. */
function keptSum(statuses: readonly ParticipationStatus[]): SQL {
  const column = (status: ParticipationStatus) => flightApplicantCounts[status.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as CountedStatus]
  return sql.join(
    statuses.map((status) => sql`${column(status)}`),
    sql` + `,
  )
}
type CountedStatus = Exclude<keyof typeof flightApplicantCounts.$inferSelect, 'flightId'>

/** The statuses each view of the applicants table lists, and counts (from the kept counts or not). */
const VIEW_STATUSES: Record<ApplicantsQuery['view'], readonly ParticipationStatus[]> = {
  waiting: WAITING_STATUSES,
  selected: PLACE_HOLDING_STATUSES,
  'not-eligible': ['not-eligible'],
  all: PARTICIPATION_STATUSES,
}

/** The places a flight's testers hold, for the flight of the row (`flights.id`). */
const placesTakenOfFlight = keptCountOfFlight(PLACE_HOLDING_STATUSES)

/** Every campaign with its flights and how full each is (newest campaigns first). */
export async function opsCampaigns(deps: SuiteDeps): Promise<OpsCampaignList> {
  const rows = await deps.db
    .select({
      campaignId: campaigns.id,
      slug: campaigns.slug,
      title: campaigns.title,
      status: campaigns.status,
      flightId: flights.id,
      name: flights.name,
      quota: flights.quota,
      signupOpensAt: flights.signupOpensAt,
      signupClosesAt: flights.signupClosesAt,
      placesTaken: placesTakenOfFlight,
      applied: keptCountOfFlight(['applied']),
      waitlisted: keptCountOfFlight(['waitlisted']),
    })
    .from(campaigns)
    .innerJoin(flights, eq(flights.campaignId, campaigns.id))
    .orderBy(desc(campaigns.createdAt), asc(campaigns.slug), asc(flights.position))
  const byCampaign = new Map<string, OpsCampaignList['items'][number]>()
  for (const row of rows) {
    let campaign = byCampaign.get(row.campaignId)
    if (!campaign) {
      campaign = { id: row.campaignId, slug: row.slug, title: row.title, status: row.status, flights: [] }
      byCampaign.set(row.campaignId, campaign)
    }
    campaign.flights.push({
      id: row.flightId,
      name: row.name,
      quota: row.quota,
      signupOpensAt: row.signupOpensAt.toISOString(),
      signupClosesAt: row.signupClosesAt.toISOString(),
      placesTaken: Number(row.placesTaken),
      applied: Number(row.applied),
      waitlisted: Number(row.waitlisted),
    })
  }
  return { items: [...byCampaign.values()] }
}

/**
 * A flight for a page of its applicants (placeholder: flightId), in one statement: the flight, its
 * campaign's current screener and the earlier ones (an answer is shown with the question as the
 * applicant read it, in the version they answered), and the places its testers hold. Built once.
 */
const flightForApplicants = preparedQuery((ex) =>
  ex
    .select({
      id: flights.id,
      name: flights.name,
      quota: flights.quota,
      campaignId: campaigns.id,
      campaignTitle: campaigns.title,
      screener: campaigns.screener,
      screenerVersion: campaigns.screenerVersion,
      earlierScreeners: sql<
        { version: number; questions: ScreenerQuestion[] }[]
      >`coalesce((select json_agg(json_build_object('version', ${campaignScreeners.version}, 'questions', ${campaignScreeners.questions})) from ${campaignScreeners} where ${campaignScreeners.campaignId} = ${campaigns.id}), '[]')`,
      placesTaken: placesTakenOfFlight,
    })
    .from(flights)
    .innerJoin(campaigns, eq(campaigns.id, flights.campaignId))
    .where(eq(flights.id, sql.placeholder('flightId'))),
)

const WAITING = new Set<ParticipationStatus>(WAITING_STATUSES)

/** A view of the applicants table, linked applicants only or not: one statement's shape. */
type ApplicantsShape = `${ApplicantsQuery['view']}:${'linked' | 'all'}`

/** The flight's applicants a shape asks for (placeholder: flightId). */
function applicantsCondition(shape: ApplicantsShape): SQL {
  const [view, linked] = shape.split(':') as [ApplicantsQuery['view'], 'linked' | 'all']
  // Every status is every row: no condition, rather than one that lists them all.
  const byView = view === 'all' ? undefined : statusIn(participations.status, VIEW_STATUSES[view])
  // Only linked applicants: the flight's listed ones (linked_applicants, kept in step with every link,
  // ruling and application), instead of a probe of each applicant's links.
  const linkedOnly = sql`${participations.id} in (select ${linkedApplicants.participationId} from ${linkedApplicants} where ${linkedApplicants.flightId} = ${sql.placeholder('flightId')})`
  return and(eq(participations.flightId, sql.placeholder('flightId')), byView, linked === 'linked' ? linkedOnly : undefined)!
}

/**
 * A page of a flight's applicants (placeholders: flightId, limit, offset), built once per shape: the
 * page's participations first (the waiting view walks participations_waiting_idx in serving order),
 * then their members and addresses, so a deep page does not join the rows before it.
 */
const applicantPages = preparedQueries((ex, shape: ApplicantsShape) => {
  const order = shape.startsWith('waiting:') ? waitlistOrder : [asc(participations.seq)]
  // Linked applicants only: the few there are come from the flight's linked applicants and are all
  // sorted to find the page, so the page counts them too (the same count as applicantCounts,
  // without a statement of its own).
  const total = shape.endsWith(':linked') ? sql<string | null>`count(*) over ()` : sql<string | null>`null`
  const pageOfIds = ex
    .select({ id: participations.id, total: total.as('total') })
    .from(participations)
    .where(applicantsCondition(shape))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('applicant_page')
  return ex
    .select({
      participationId: participations.id,
      memberId: participations.memberId,
      displayName: sql<string>`member_shown_name(${members.displayName}, ${members.pseudonymizedAt})`,
      status: participations.status,
      country: addresses.country,
      appliedAt: participations.appliedAt,
      answers: participations.answers,
      screenerVersion: participations.screenerVersion,
      ineligibleReasons: participations.ineligibleReasons,
      total: pageOfIds.total,
    })
    .from(pageOfIds)
    .innerJoin(participations, eq(participations.id, pageOfIds.id))
    .innerJoin(members, eq(members.id, participations.memberId))
    .leftJoin(addresses, eq(addresses.memberId, participations.memberId))
    .orderBy(...order)
})

/**
 * The places of some of a flight's waiting applicants among everyone waiting in it (placeholders:
 * flightId, ids): the flight's waiting applicants numbered in serving order in one walk of
 * participations_waiting_idx, rather than a count of those ahead of each, which walks the waitlist
 * once per applicant.
 */
const waitingPlaces = preparedQuery((ex) => {
  const numbered = ex
    .select({ id: participations.id, place: sql<string>`row_number() over (order by ${sql.join(waitlistOrder, sql`, `)})`.as('place') })
    .from(participations)
    .where(and(eq(participations.flightId, sql.placeholder('flightId')), isWaiting(participations.status)))
    .as('numbered')
  return ex.select({ id: numbered.id, place: numbered.place }).from(numbered).where(inIdList(numbered.id, 'ids'))
})

/**
 * How many applicants a shape finds (placeholder: flightId), built once per shape: from the flight's
 * kept counts, or for the linked applicants only, from the applicants themselves (a page of them
 * counts them itself; this is for a page past the last, whose rows carry no count).
 */
const applicantCounts = preparedQueries((ex, shape: ApplicantsShape) => {
  const [view, linked] = shape.split(':') as [ApplicantsQuery['view'], 'linked' | 'all']
  if (linked === 'all') {
    return ex
      .select({ n: sql<number>`coalesce(sum(${keptSum(VIEW_STATUSES[view])}), 0)::int` })
      .from(flightApplicantCounts)
      .where(eq(flightApplicantCounts.flightId, sql.placeholder('flightId')))
  }
  return ex.select({ n: count() }).from(participations).where(applicantsCondition(shape))
})

export async function flightApplicants(deps: SuiteDeps, flightId: string, query: ApplicantsQuery): Promise<ApplicantPage> {
  const [flight] = await flightForApplicants(deps.db, { flightId })
  if (!flight) throw notFound('Flight')
  const shape: ApplicantsShape = `${query.view}:${query.linked === 'yes' ? 'linked' : 'all'}`
  // A waiting applicant's place is among everyone waiting in the flight, whatever the view and
  // filter show: the waiting view of everyone has it from the row's position, other pages read it.
  const placeByPosition = shape === 'waiting:all'
  const offset = (query.page - 1) * query.pageSize
  const countedOnPage = query.linked === 'yes'
  const [rows, counted] = await Promise.all([
    applicantPages(deps.db, shape, { flightId, limit: query.pageSize, offset }),
    countedOnPage ? null : applicantCounts(deps.db, shape, { flightId }),
  ])
  // A page past the last has no row to carry the count: it is counted apart.
  const total = countedOnPage && rows[0] ? Number(rows[0].total) : Number((counted ?? (await applicantCounts(deps.db, shape, { flightId })))[0]?.n ?? 0)
  const pageMembers = [...new Set(rows.map((row) => row.memberId))]
  const waitingIds = placeByPosition ? [] : rows.filter((row) => WAITING.has(row.status)).map((row) => row.participationId)
  // The page's links in one query over its members' links (not the flight's), beside their standings
  // and places. The places are a read of their own: a row selected between the two reads shows no
  // place, and the next reading shows it selected.
  const [{ standings, completed }, links, places] = await Promise.all([
    // Each one's completed tests come with their standing, from the same read of their participations.
    standingsAndDecisions(deps.db, pageMembers, deps.clock.now()),
    countingLinksOf(deps.db, pageMembers, flight.campaignId),
    waitingIds.length > 0 ? waitingPlaces(deps.db, { flightId, ids: uuidArrayText(waitingIds) }) : [],
  ])
  const placeOf = new Map(places.map((row) => [row.id, Number(row.place)]))
  const promptsOf = new Map(
    [...flight.earlierScreeners, { version: flight.screenerVersion, questions: flight.screener }].map(({ version, questions }) => [
      version,
      new Map(questions.map((question) => [question.id, question.prompt])),
    ]),
  )
  return {
    flight: { id: flight.id, name: flight.name, campaignTitle: flight.campaignTitle, quota: flight.quota, placesTaken: Number(flight.placesTaken) },
    items: rows.map((row, index) => ({
      participationId: row.participationId,
      memberId: row.memberId,
      displayName: row.displayName,
      status: row.status,
      place: placeByPosition ? offset + index + 1 : (placeOf.get(row.participationId) ?? null),
      tier: standingOf(standings.get(row.memberId)!).tier,
      country: row.country,
      appliedAt: row.appliedAt.toISOString(),
      completedTests: completed.get(row.memberId) ?? 0,
      answers: row.answers.map((answer) => ({
        question: promptsOf.get(row.screenerVersion)?.get(answer.questionId) ?? answer.questionId,
        answer: Array.isArray(answer.answer) ? answer.answer.join(', ') : answer.answer,
      })),
      ineligibleReasons: row.ineligibleReasons.map((reason) => reason.code),
      ...listedLinks(links.get(row.memberId)),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  }
}

/**
 * Selects the applicants chosen, all or none: more than the places left is refused and changes
 * nothing, and so is choosing applicants linked to other accounts unless the manager confirmed it.
 */
export async function selectApplicants(
  deps: SuiteDeps,
  actor: StaffActor,
  flightId: string,
  participationIds: string[],
  options: { confirmLinked: boolean },
): Promise<SelectionResult> {
  return selectInFlight(deps, actor, flightId, [...new Set(participationIds)], options)
}
