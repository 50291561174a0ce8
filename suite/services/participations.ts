// Participations: sign-up with eligibility, quota and waitlist; withdrawal; task acknowledgements.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { withEligibilityDefaults, withTaskDefaults, type ScreenerQuestion } from '../../contract/campaigns'
import type { FieldErrors } from '../../contract/envelope'
import type { REVIEW_STATUSES } from '../../contract/content'
import type { Participation, ParticipationStatus, ScreenerAnswer } from '../../contract/participations'
import { requiredTasks, WITHDRAWABLE_STATUSES, type TaskKey } from '../../contract/participations'
import { preparedQueries, type Executor, type Tx } from '../db/client'
import { campaigns, flights, members, participations, products, reviews, shipments } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { refuseSelfService, type StaffActor } from '../actors/actor'
import type { SelectionResult } from '../../contract/ops-applicants'
import { ACCOUNT_LINK_KINDS } from '../../contract/ops-members'
import type { AuditState } from '../../contract/ops-audit'
import { countingLinksOf } from './account-links'
import { recordAudit } from '../actors/audit'
import { badRequest, conflict, notFound } from '../http/errors'
import { countPlaceHolders, phaseOf, type FlightRow } from './campaigns'
import { tierRank } from '../../contract/standing'
import { eligibilityFacts, householdHoldsPlace, householdKeyOf, ineligibleReasons } from './eligibility'
import type { MemberRow } from './members'
import { syncMissions } from './missions'
import { notifyMember } from './notify'
import { recordSightings, type Seen } from './sightings'
import { toShipment } from './shipments'
import { notSuspended, suspendedAmong } from './suspensions'

type ParticipationRow = typeof participations.$inferSelect
/** The other participations of a flight, to count the places ahead on its waitlist. */
const WAITING = 'waiting'
const waiting = alias(participations, WAITING)

type ParticipationFilter = 'campaignId' | 'participationId' | 'status'
const PARTICIPATION_FILTERS: ParticipationFilter[] = ['campaignId', 'participationId', 'status']

/**
 * The query of a member's participations for one combination of filters, with placeholders for the
 * member and each filter. One round trip: each participation with the columns the answer shows of its
 * campaign, product, flight, shipment and review (at most one of each), and its place on the waitlist.
 */
function participationList(ex: Executor, filters: ParticipationFilter[]) {
  const conditions: SQL[] = [eq(participations.memberId, sql.placeholder('memberId'))]
  if (filters.includes('campaignId')) conditions.push(eq(participations.campaignId, sql.placeholder('campaignId')))
  if (filters.includes('participationId')) conditions.push(eq(participations.id, sql.placeholder('participationId')))
  if (filters.includes('status')) conditions.push(eq(participations.status, sql.placeholder('status')))
  return ex
    .select({
      p: participations,
      campaign: { id: campaigns.id, slug: campaigns.slug, title: campaigns.title, kind: campaigns.kind, tasks: campaigns.tasks },
      product: { id: products.id, brand: products.brand, name: products.name, images: products.images },
      flight: { name: flights.name, reviewDueAt: flights.reviewDueAt },
      shipment: shipments,
      review: {
        id: reviews.id,
        status: reviews.status,
        rejectionReason: reviews.rejectionReason,
        rejectionCode: reviews.rejectionCode,
        publishedAt: reviews.publishedAt,
      },
      waitlistPosition: sql<
        string | null
      >`case when ${participations.status} = 'waitlisted' then (select count(*) from ${participations} as ${sql.identifier(WAITING)} where ${waiting.flightId} = ${participations.flightId} and ${waiting.status} = 'waitlisted' and (${waiting.standingRank} > ${participations.standingRank} or (${waiting.standingRank} = ${participations.standingRank} and ${waiting.seq} <= ${participations.seq}))) end`,
    })
    .from(participations)
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .innerJoin(products, eq(products.id, campaigns.productId))
    .innerJoin(flights, eq(flights.id, participations.flightId))
    .leftJoin(shipments, eq(shipments.participationId, participations.id))
    .leftJoin(reviews, eq(reviews.participationId, participations.id))
    .where(and(...conditions))
    .orderBy(desc(participations.appliedAt), desc(participations.seq))
}

/**
 * A member's participations, one prepared query per combination of filters asked for (at most 8,
 * named by the filters joined with `_`): a member page asks for the list on every render, and
 * building the SQL anew each time cost the member API more than running it.
 */
const participationLists = preparedQueries((ex, key: string) => participationList(ex, key === 'all' ? [] : (key.split('_') as ParticipationFilter[])))

export async function loadParticipations(
  ex: Executor,
  memberId: string,
  filter: { campaignId?: string; participationId?: string; status?: ParticipationStatus } = {},
): Promise<Participation[]> {
  const filters = PARTICIPATION_FILTERS.filter((f) => filter[f] !== undefined)
  const values: Record<string, unknown> = { memberId }
  for (const f of filters) values[f] = filter[f]
  const rows = await participationLists(ex, filters.join('_') || 'all', values)
  const result: Participation[] = []
  for (const { p, campaign, product, flight, shipment, review, waitlistPosition } of rows) {
    result.push({
      id: p.id,
      campaignId: p.campaignId,
      flightId: p.flightId,
      campaign: {
        slug: campaign.slug,
        title: campaign.title,
        brand: product.brand,
        kind: campaign.kind,
        productId: product.id,
        productName: product.name,
        imageUrl: product.images[0] ?? '',
        tasks: withTaskDefaults(campaign.tasks),
      },
      flightName: flight.name,
      reviewDueAt: flight.reviewDueAt.toISOString(),
      status: p.status,
      waitlistPosition: waitlistPosition === null ? null : Number(waitlistPosition),
      ineligibleReasons: p.ineligibleReasons,
      appliedAt: p.appliedAt.toISOString(),
      selectedAt: p.selectedAt?.toISOString() ?? null,
      withdrawnAt: p.withdrawnAt?.toISOString() ?? null,
      completedAt: p.completedAt?.toISOString() ?? null,
      tasks: {
        questionnaireAckedAt: p.questionnaireAckedAt?.toISOString() ?? null,
        purchaseIntentAckedAt: p.purchaseIntentAckedAt?.toISOString() ?? null,
        reviewSubmittedAt: p.reviewSubmittedAt?.toISOString() ?? null,
        socialSubmittedAt: p.socialSubmittedAt?.toISOString() ?? null,
        impressionsReportedAt: p.impressionsReportedAt?.toISOString() ?? null,
      },
      shipment: shipment ? toShipment(shipment, campaign, product) : null,
      review: review
        ? {
            id: review.id,
            status: review.status as 'pending' | 'published' | 'rejected',
            rejectionReason: review.rejectionReason,
            rejectionCode: review.rejectionCode,
            publishedAt: review.publishedAt?.toISOString() ?? null,
          }
        : null,
    })
  }
  return result
}

export async function getParticipation(ex: Executor, memberId: string, participationId: string, campaignId?: string): Promise<Participation> {
  const [found] = await loadParticipations(ex, memberId, { participationId, ...(campaignId ? { campaignId } : {}) })
  if (!found) throw notFound('Participation')
  return found
}

/** Screener answers must answer the campaign's questions, with their options. */
function checkAnswers(screener: ScreenerQuestion[], answers: ScreenerAnswer[]): FieldErrors {
  const fields: FieldErrors = {}
  const byId = new Map(answers.map((a) => [a.questionId, a]))
  if (byId.size !== answers.length) fields['answers'] = ['each question may be answered once']
  answers.forEach((a, i) => {
    if (!screener.some((q) => q.id === a.questionId)) fields[`answers.${i}.questionId`] = ['is not a question of this campaign']
  })
  for (const question of screener) {
    const answer = byId.get(question.id)?.answer
    const empty = answer === undefined || (Array.isArray(answer) ? answer.length === 0 : answer.trim() === '')
    const key = `answers.${question.id}`
    if (empty) {
      if (question.required) fields[key] = ['is required']
      continue
    }
    if (question.kind === 'text' && typeof answer !== 'string') fields[key] = ['must be text']
    if (question.kind === 'single' && (typeof answer !== 'string' || !question.options.includes(answer))) fields[key] = ['must be one of the options']
    if (question.kind === 'multi' && (!Array.isArray(answer) || !answer.every((x) => question.options.includes(x)))) {
      fields[key] = ['must be a list of the options']
    }
  }
  return fields
}

/** Whether an answer chose an option the campaign's author marked as making an applicant not eligible. */
export function disqualifies(screener: ScreenerQuestion[], answers: ScreenerAnswer[]): boolean {
  return answers.some((a) => {
    const disqualifying = screener.find((q) => q.id === a.questionId)?.disqualifying ?? []
    return (Array.isArray(a.answer) ? a.answer : [a.answer]).some((choice) => disqualifying.includes(choice))
  })
}

/** Creates the pending shipment of a newly selected participation (free products are shipped). */
async function onSelected(tx: Tx, deps: SuiteDeps, p: ParticipationRow, kind: string, now: Date) {
  if (kind === 'free-product') {
    await tx.insert(shipments).values({ participationId: p.id, memberId: p.memberId, status: 'pending', createdAt: now }).onConflictDoNothing()
  }
  const [member] = await tx.select({ firstName: members.firstName }).from(members).where(eq(members.id, p.memberId))
  const [campaign] = await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, p.campaignId))
  // Being selected is transactional: told whatever the settings say.
  await notifyMember(tx, deps, p.memberId, {
    template: 'selected',
    params: { firstName: member?.firstName || null, campaignTitle: campaign?.title ?? '', campaignId: p.campaignId },
  })
}

export async function processSignup(
  deps: SuiteDeps,
  member: MemberRow,
  body: { campaignId: string; flightId?: string | undefined; answers: ScreenerAnswer[] },
  seen: Seen = { device: null, network: null },
): Promise<{ participation: Participation; created: boolean }> {
  const now = deps.clock.now()
  const participationId = await deps.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, body.campaignId))
    // A draft is not there for members; an archived campaign takes no more sign-ups.
    if (!campaign || campaign.status === 'draft') throw notFound('Campaign')
    if (campaign.status === 'archived') throw conflict('This test is no longer running')
    const flightRows = await tx.select().from(flights).where(eq(flights.campaignId, campaign.id)).orderBy(asc(flights.position))
    let target: FlightRow | undefined
    if (body.flightId) {
      target = flightRows.find((f) => f.id === body.flightId)
      if (!target) throw notFound('Flight')
    } else {
      target = flightRows.find((f) => phaseOf(f, now) === 'open')
      if (!target) throw conflict('Sign-up for this campaign is not open')
    }
    // The flight row lock serialises sign-ups and withdrawals of one flight: the count of
    // selected testers below cannot change until this transaction ends.
    const [flight] = await tx.select().from(flights).where(eq(flights.id, target.id)).for('update')
    if (!flight) throw notFound('Flight')
    if (phaseOf(flight, now) !== 'open') throw conflict('Sign-up for this flight is not open')

    const answerErrors = checkAnswers(campaign.screener, body.answers)
    if (Object.keys(answerErrors).length > 0) throw badRequest('Some screener answers are missing or not valid', answerErrors)

    const [existing] = await tx
      .select()
      .from(participations)
      .where(and(eq(participations.memberId, member.id), eq(participations.flightId, flight.id)))
    if (existing && existing.status !== 'not-eligible') throw conflict('You already signed up for this flight')
    // Answers are given once: a member the screener turned away cannot answer again until they pass.
    if (existing?.ineligibleReasons.some((reason) => reason.code === 'screener'))
      throw conflict('Your answers to the sign-up questions showed this test is not the right fit for you')

    // The same rules the eligibility endpoint answers with (services/eligibility.ts). The member's
    // tier is kept with the sign-up: a full flight's waitlist is served by it.
    const rules = withEligibilityDefaults(campaign.eligibility)
    const facts = await eligibilityFacts(tx, member, now, true)
    // One tester per household: decided under the household's lock, held until this sign-up is written.
    const householdHasPlace = rules.onePerHousehold && (await householdHoldsPlace(tx, campaign.id, member.id))
    const [product] = await tx.select({ brandId: products.brandId }).from(products).where(eq(products.id, campaign.productId))
    const reasons = ineligibleReasons(rules, facts, now, { brandId: product?.brandId ?? null, householdHasPlace })
    if (disqualifies(campaign.screener, body.answers)) reasons.push({ code: 'screener' })
    // First come first served: an eligible applicant takes a free place at once, else joins the
    // waitlist. Curated: the application waits as 'applied', taking no place, until staff choose.
    let status: ParticipationStatus
    if (reasons.length > 0) status = 'not-eligible'
    else if (campaign.selectionMode === 'curated') status = 'applied'
    else status = (await countPlaceHolders(tx, flight.id)) < flight.quota ? 'selected' : 'waitlisted'

    const values = {
      status,
      standingRank: tierRank(facts.tier ?? 'newcomer'),
      ineligibleReasons: reasons,
      answers: body.answers,
      // The answers belong to the screener as it is now; a later edit makes a new version.
      screenerVersion: campaign.screenerVersion,
      appliedAt: now,
      selectedAt: status === 'selected' ? now : null,
      updatedAt: now,
    }
    let row: ParticipationRow | undefined
    if (existing) {
      // A member who was not eligible may try again after fixing their profile.
      ;[row] = await tx.update(participations).set(values).where(eq(participations.id, existing.id)).returning()
    } else {
      ;[row] = await tx
        .insert(participations)
        .values({ ...values, memberId: member.id, campaignId: campaign.id, flightId: flight.id })
        .returning()
    }
    if (!row) throw new Error('Participation not written')
    if (status === 'selected') await onSelected(tx, deps, row, campaign.kind, now)
    // The device and network the application came from, and the accounts seen with them (for staff).
    await recordSightings(tx, deps.settings.secondFactorKey, member.id, seen, 'application', now)
    return { id: row.id, created: !existing }
  })
  return { participation: await getParticipation(deps.db, member.id, participationId.id), created: participationId.created }
}

/**
 * The order a flight's waiting applicants are served in: the highest standing tier at sign-up first,
 * then whoever signed up first. The rank is written as participations_waiting_idx holds it (descending,
 * nulls last; it is never null), so that PostgreSQL walks that index in order instead of sorting the
 * flight's whole waitlist to find a page or the next in line.
 */
export const waitlistOrder: SQL[] = [sql`${participations.standingRank} desc nulls last`, asc(participations.seq)]

/**
 * Promotes the first waitlisted member of a flight into a freed place (flight row locked by caller):
 * the highest standing tier at sign-up first, then whoever signed up first.
 */
async function promoteFirstWaitlisted(tx: Tx, deps: SuiteDeps, flight: FlightRow, now: Date): Promise<boolean> {
  if ((await countPlaceHolders(tx, flight.id)) >= flight.quota) return false
  const [campaign] = await tx.select({ kind: campaigns.kind, eligibility: campaigns.eligibility }).from(campaigns).where(eq(campaigns.id, flight.campaignId))
  const onePerHousehold = campaign ? withEligibilityDefaults(campaign.eligibility).onePerHousehold : false
  for (;;) {
    const [next] = await tx
      .select()
      .from(participations)
      // A suspended member is never promoted (their places are released when suspended; this holds
      // for one who applied in the same moment).
      // The status written in the statement: participations_waiting_idx is used in a generic plan too.
      .where(and(eq(participations.flightId, flight.id), sql`${participations.status} = 'waitlisted'`, notSuspended(participations.memberId, now)))
      .orderBy(...waitlistOrder)
      .limit(1)
      .for('update')
    if (!next) return false
    // One tester per household: a waiting member whose household took a place meanwhile is not
    // given this one, and is told why as at sign-up; the place goes to the next in line.
    if (onePerHousehold && (await householdHoldsPlace(tx, flight.campaignId, next.memberId))) {
      await tx
        .update(participations)
        .set({ status: 'not-eligible', ineligibleReasons: [...next.ineligibleReasons, { code: 'household' }], updatedAt: now })
        .where(eq(participations.id, next.id))
      continue
    }
    const [promoted] = await tx
      .update(participations)
      .set({ status: 'selected', selectedAt: now, updatedAt: now })
      .where(eq(participations.id, next.id))
      .returning()
    if (promoted && campaign) await onSelected(tx, deps, promoted, campaign.kind, now)
    return true
  }
}

/**
 * Fills a flight's free places from its waitlist, in serving order (flight row locked by caller):
 * after its quota was raised, the waitlist comes before anyone who signs up next.
 */
export async function promoteWaitlisted(tx: Tx, deps: SuiteDeps, flight: FlightRow, now: Date): Promise<void> {
  let promoted = true
  while (promoted) promoted = await promoteFirstWaitlisted(tx, deps, flight, now)
}

/**
 * The member withdraws (or support withdraws them on their request: `onRequest` names the staff
 * person and what the member asked, and the step is audited). In a first-come campaign a selected
 * tester's place goes to the first waitlisted member; in a curated one it stays free until staff
 * choose someone for it.
 */
export async function withdraw(
  deps: SuiteDeps,
  member: MemberRow,
  campaignId: string,
  participationId: string,
  onRequest?: { actor: StaffActor; note: string },
): Promise<Participation> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(participations)
      .where(and(eq(participations.id, participationId), eq(participations.memberId, member.id), eq(participations.campaignId, campaignId)))
    if (!p) throw notFound('Participation')
    const [flight] = await tx.select().from(flights).where(eq(flights.id, p.flightId)).for('update')
    if (!flight) throw notFound('Flight')
    // Read again under the flight lock: the status may have changed meanwhile.
    const [current] = await tx.select().from(participations).where(eq(participations.id, p.id)).for('update')
    if (!current) throw notFound('Participation')
    if (!WITHDRAWABLE_STATUSES.includes(current.status)) {
      // Worded for whoever asked: the member, or support acting on their request.
      const who = onRequest
        ? { withdrew: 'The member already withdrew', late: 'The member can no longer withdraw: the product has shipped' }
        : { withdrew: 'You already withdrew', late: 'You can no longer withdraw: the product has shipped' }
      if (current.status === 'not-eligible' || current.status === 'not-selected') {
        throw conflict(onRequest ? 'The member is not taking part in this test' : 'You are not taking part in this test')
      }
      throw conflict(current.status === 'withdrawn' ? who.withdrew : who.late)
    }
    await tx.update(participations).set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now }).where(eq(participations.id, current.id))
    if (onRequest) {
      await recordAudit(
        tx,
        onRequest.actor,
        {
          action: 'participation.withdraw',
          targetType: 'participation',
          targetId: current.id,
          changes: { before: { status: current.status }, after: { status: 'withdrawn', note: onRequest.note } },
        },
        now,
      )
    }
    await freePlace(tx, deps, current, flight, now)
  })
  return getParticipation(deps.db, member.id, participationId)
}

/**
 * After a withdrawal (flight row locked by caller): a selected tester's pending parcel is dropped and,
 * in a first-come campaign, their place goes to the first waitlisted member.
 */
async function freePlace(tx: Tx, deps: SuiteDeps, was: ParticipationRow, flight: FlightRow, now: Date): Promise<void> {
  if (was.status !== 'selected') return
  await tx.delete(shipments).where(and(eq(shipments.participationId, was.id), eq(shipments.status, 'pending')))
  const [campaign] = await tx.select({ selectionMode: campaigns.selectionMode }).from(campaigns).where(eq(campaigns.id, flight.campaignId))
  if (campaign?.selectionMode !== 'curated') await promoteFirstWaitlisted(tx, deps, flight, now)
}

/**
 * A suspension, and an account's deletion, release the member's applications, waitlist places and
 * places not yet shipped, as withdrawals in the caller's transaction: each flight locked in turn, a
 * freed place going to the next waitlisted member as a withdrawal's does. A test already shipped
 * stays theirs. One that changed since it was listed (the member withdrew in another tab, staff
 * shipped it) is left as it now is. Returns the participations released, with the status each had.
 */
export async function releaseOpenParticipations(tx: Tx, deps: SuiteDeps, memberId: string, now: Date): Promise<{ id: string; status: ParticipationStatus }[]> {
  const open = await tx
    .select({ id: participations.id, flightId: participations.flightId })
    .from(participations)
    .where(and(eq(participations.memberId, memberId), inArray(participations.status, [...WITHDRAWABLE_STATUSES])))
    .orderBy(asc(participations.flightId))
  const released: { id: string; status: ParticipationStatus }[] = []
  for (const p of open) {
    const [flight] = await tx.select().from(flights).where(eq(flights.id, p.flightId)).for('update')
    const [current] = await tx.select().from(participations).where(eq(participations.id, p.id)).for('update')
    if (!flight || !current || !WITHDRAWABLE_STATUSES.includes(current.status)) continue
    await tx.update(participations).set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now }).where(eq(participations.id, current.id))
    await freePlace(tx, deps, current, flight, now)
    released.push({ id: current.id, status: current.status })
  }
  return released
}

const ACTIVE_SELECTED: ParticipationStatus[] = ['selected', 'shipped', 'delivered', 'reviewed', 'completed']

/**
 * Completes a participation once every task its campaign requires is done, the review counting
 * once it is published (requiredTasks, shared with the portal's checklist). Called in the
 * transaction of each event that can finish the last task (approval, acknowledgements, social
 * posts, impressions), which also credits there the missions the completion earns and accepts the
 * member's pending referral: a referral counts once the new member finishes their first test.
 */
/** Which of a participation's tasks are done; the review counts once it is published. */
export function tasksDone(
  p: Pick<ParticipationRow, 'questionnaireAckedAt' | 'purchaseIntentAckedAt' | 'socialSubmittedAt' | 'impressionsReportedAt'>,
  reviewStatus: (typeof REVIEW_STATUSES)[number] | null,
): Record<TaskKey, boolean> {
  return {
    questionnaire: p.questionnaireAckedAt !== null,
    'purchase-intent': p.purchaseIntentAckedAt !== null,
    review: reviewStatus === 'published',
    'social-posts': p.socialSubmittedAt !== null,
    impressions: p.impressionsReportedAt !== null,
  }
}

export async function completeWhenDone(tx: Tx, participationId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ p: participations, kind: campaigns.kind, tasks: campaigns.tasks })
    .from(participations)
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .where(eq(participations.id, participationId))
    .for('update', { of: participations })
  if (!row) return false
  const { p } = row
  const [review] = await tx.select({ status: reviews.status }).from(reviews).where(eq(reviews.participationId, p.id))
  const done = tasksDone(p, review?.status ?? null)
  // The product must be in the member's hands: delivered, or bought in a verified-purchase test.
  const received = p.status === 'delivered' || p.status === 'reviewed' || (row.kind === 'verified-purchase' && p.status === 'selected')
  if (!received || !requiredTasks({ kind: row.kind, tasks: row.tasks }).every((task) => done[task])) return false
  await tx.update(participations).set({ status: 'completed', completedAt: now, updatedAt: now }).where(eq(participations.id, p.id))
  const [member] = await tx.select().from(members).where(eq(members.id, p.memberId)).for('update')
  if (member?.referredById && !member.referralAcceptedAt) {
    await tx.update(members).set({ referralAcceptedAt: now }).where(eq(members.id, member.id))
    await syncMissions(tx, member.referredById, now)
  }
  await syncMissions(tx, p.memberId, now)
  return true
}

export async function acknowledge(
  deps: SuiteDeps,
  member: MemberRow,
  participationId: string,
  task: 'questionnaire' | 'purchase-intent',
): Promise<Participation> {
  const now = deps.clock.now()
  const [row] = await deps.db
    .select({ p: participations, campaign: campaigns })
    .from(participations)
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .where(and(eq(participations.id, participationId), eq(participations.memberId, member.id)))
  if (!row) throw notFound('Participation')
  if (!ACTIVE_SELECTED.includes(row.p.status as ParticipationStatus)) throw conflict('Only selected testers have tasks')
  if (task === 'questionnaire' && !row.campaign.tasks.questionnaire) throw conflict('This campaign has no questionnaire')
  if (task === 'purchase-intent' && row.campaign.kind !== 'verified-purchase') throw conflict('This campaign is not a verified-purchase test')
  const column = task === 'questionnaire' ? 'questionnaireAckedAt' : 'purchaseIntentAckedAt'
  if (!row.p[column]) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(participations)
        .set({ [column]: now, updatedAt: now })
        .where(eq(participations.id, row.p.id))
      await completeWhenDone(tx, row.p.id, now)
    })
  }
  return getParticipation(deps.db, member.id, participationId)
}

/**
 * One tester per household, at selection: refused (all or none, as selections are) when one of
 * those chosen lives where someone holds a place in the campaign, or two of them live at one
 * address. The households are locked in one order, so selections in two flights cannot deadlock.
 */
async function refuseSecondOfHousehold(tx: Tx, campaignId: string, chosen: ParticipationRow[]): Promise<void> {
  const keyed = await Promise.all(chosen.map(async (p) => ({ p, key: await householdKeyOf(tx, p.memberId) })))
  const withKey = keyed.filter((k): k is { p: ParticipationRow; key: string } => k.key !== null).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const refused = new Set<string>()
  const seen = new Set<string>()
  for (const { p, key } of withKey) {
    if (seen.has(key)) refused.add(p.id)
    else if (await householdHoldsPlace(tx, campaignId, p.memberId)) refused.add(p.id)
    seen.add(key)
  }
  if (refused.size > 0)
    throw conflict(`This test takes one tester per household: ${refused.size} of those chosen live where someone has a place or is chosen`, {
      code: 'household',
      participationIds: [...refused],
    })
}

/** Who staff may give a place: applicants, waitlisted members, and curated applicants told they were not chosen. */
const SELECTABLE_STATUSES: ParticipationStatus[] = ['applied', 'waitlisted', 'not-selected']

/** Operator: select an applied or waitlisted participation into a free place. */
/** The command line: give an applicant or a waitlisted member a place, the quota permitting; audited. */
export async function selectParticipation(deps: SuiteDeps, participationId: string, actor: StaffActor): Promise<void> {
  const [p] = await deps.db.select({ flightId: participations.flightId }).from(participations).where(eq(participations.id, participationId))
  if (!p) throw notFound('Participation')
  // The command line (and the demo seed) names the one participation to select: that is the
  // operator's confirmation; the links an applicant has are weighed in the console's table.
  await selectInFlight(deps, actor, p.flightId, [participationId], { confirmLinked: true })
}

/**
 * Staff: select these applicants or waitlisted members of one flight, all or none. The flight row
 * is locked, so the quota holds against concurrent selections and sign-ups: choosing more than the
 * places left is refused and changes nothing. Each selection is audited under one operation.
 * Applicants of a curated flight already told they were not chosen ('not-selected', see
 * tellUnchosen) may still be chosen, for a place freed later say: they are told they are selected,
 * as anyone selected is. Applicants linked to other accounts (links that count) are selected only
 * when the manager confirmed it (`confirmLinked`): otherwise the selection is refused with which of
 * them and what they share, and the confirmed selection's audit entries say the links were seen.
 */
export async function selectInFlight(
  deps: SuiteDeps,
  actor: StaffActor,
  flightId: string,
  participationIds: string[],
  { confirmLinked }: { confirmLinked: boolean },
): Promise<SelectionResult> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [flight] = await tx.select().from(flights).where(eq(flights.id, flightId)).for('update')
    if (!flight) throw notFound('Flight')
    const chosen = await tx
      .select()
      .from(participations)
      .where(and(eq(participations.flightId, flightId), inArray(participations.id, participationIds)))
      .for('update')
    if (chosen.length !== participationIds.length) throw notFound('Participation')
    const chosenUids = await tx
      .select({ uid: members.uid, id: members.id })
      .from(members)
      .where(
        inArray(
          members.id,
          chosen.map((p) => p.memberId),
        ),
      )
    for (const { uid } of chosenUids) refuseSelfService(actor, uid)
    // A suspended member cannot be selected: staff are told how many of those chosen are.
    const suspended = await suspendedAmong(
      tx,
      chosenUids.map((m) => m.id),
      now,
    )
    if (suspended.size > 0)
      throw conflict(`Suspended members cannot be selected; ${suspended.size} of those chosen ${suspended.size === 1 ? 'is' : 'are'} suspended`)
    const notWaiting = chosen.filter((p) => !SELECTABLE_STATUSES.includes(p.status))
    if (notWaiting.length > 0)
      throw conflict(
        `Only applicants and waitlisted members can be selected; ${notWaiting.length} of those chosen are ${[...new Set(notWaiting.map((p) => p.status))].join(', ')}`,
      )
    const taken = await countPlaceHolders(tx, flight.id)
    const left = Math.max(0, flight.quota - taken)
    if (chosen.length > left)
      throw conflict(
        left === 0 ? 'The flight is full' : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left in this flight; ${chosen.length} were chosen`,
      )
    const [campaign] = await tx.select({ kind: campaigns.kind, eligibility: campaigns.eligibility }).from(campaigns).where(eq(campaigns.id, flight.campaignId))
    if (campaign && withEligibilityDefaults(campaign.eligibility).onePerHousehold) await refuseSecondOfHousehold(tx, flight.campaignId, chosen)
    const links = await countingLinksOf(
      tx,
      chosen.map((p) => p.memberId),
      flight.campaignId,
    )
    const linked = chosen.flatMap((p) => {
      const accounts = links.get(p.memberId) ?? []
      if (accounts.length === 0) return []
      const kinds = ACCOUNT_LINK_KINDS.filter((kind) => accounts.some((a) => a.kinds.includes(kind)))
      return [{ participationId: p.id, kinds, inThisCampaign: accounts.some((a) => a.inThisCampaign) }]
    })
    if (linked.length > 0 && !confirmLinked)
      throw conflict(`${linked.length} of those chosen ${linked.length === 1 ? 'is' : 'are'} linked to other accounts: confirm to select them anyway`, {
        code: 'linked-applicants',
        applicants: linked,
      })
    const linkedIds = new Set(linked.map((l) => l.participationId))
    for (const p of chosen) {
      const [updated] = await tx
        .update(participations)
        .set({ status: 'selected', selectedAt: now, updatedAt: now })
        .where(eq(participations.id, p.id))
        .returning()
      if (updated && campaign) await onSelected(tx, deps, updated, campaign.kind, now)
    }
    await recordAudit(
      tx,
      actor,
      chosen.map((p) => ({
        action: 'participation.select' as const,
        targetType: 'participation' as const,
        targetId: p.id,
        changes: {
          before: { status: p.status },
          after: linkedIds.has(p.id) ? { status: 'selected', linksConfirmed: true } : ({ status: 'selected' } as AuditState),
        },
      })),
      now,
    )
    return { selected: chosen.map((p) => p.id), placesTaken: taken + chosen.length, quota: flight.quota }
  })
}
