// Campaign authoring: a campaign's definition and its flights, created as a draft and edited until
// and after publishing. The console, the command line and the demo seed call these functions, so a
// campaign is valid by one definition. Every edit names the version it was made on (a save by
// someone else in between is refused, not overwritten) and is audited with before and after.
import { and, count, eq, inArray, max, sql } from 'drizzle-orm'
import {
  MAX_FLIGHTS,
  type CampaignDefinition,
  type CampaignInput,
  type FlightInput,
  type OpsCampaignDetail,
  type ScreenerQuestionInput,
} from '../../contract/campaign-authoring'
import { withEligibilityDefaults, withTaskDefaults, type CampaignDetail, type ScreenerQuestion } from '../../contract/campaigns'
import type { Executor, Tx } from '../db/client'
import { campaignScreeners, campaigns, flights, participations, products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { ApiError, badRequest, conflict, notFound } from '../http/errors'
import { unknownCategories } from '../services/categories'
import { promoteWaitlisted } from '../services/participations'
import { campaignDetail, phaseOf, PLACE_HOLDING_STATUSES, type CampaignRow, type FlightRow } from '../services/campaigns'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { missingForPublishing, setCampaignStatus } from './campaigns'
import { setProductIdentifiers } from './products'

/** Whether a write failed on the unique slug: two saves claimed the same one at once. */
function isSlugTaken(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown }
    if (code === '23505' && constraint === 'campaigns_slug_key') return true
  }
  return false
}

/** Runs a write of a campaign; a slug taken meanwhile is answered as checkReferences answers it. */
async function withSlugKept<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isSlugTaken(error)) throw badRequest('Some fields are not valid', { slug: ['is used by another campaign'] })
    throw error
  }
}

/** One message per field, as the error envelope carries them. */
const asFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]]))

type AuditValue = string | number | boolean | null

const actorName = (actor: StaffActor) => actor.name ?? actor.email ?? actor.uid

/**
 * The next version of a campaign: now, or a millisecond after the last one when the clock has not
 * moved (a fixed test clock, two saves in one millisecond), so every save makes a new version.
 */
export const nextVersion = (previous: Date, now: Date) => new Date(Math.max(now.getTime(), previous.getTime() + 1))

const staleEdit = (row: CampaignRow) =>
  conflict(
    `Changed by ${row.updatedByName ?? 'someone else'} at ${row.updatedAt.toISOString()} since you opened it: reload to see their change, then edit again`,
    { code: 'stale-edit', changedBy: row.updatedByName ?? null, changedAt: row.updatedAt.toISOString() },
  )

/**
 * Locks the campaign row for the change and refuses an edit made on an older version. The lock is
 * FOR NO KEY UPDATE: a sign-up holding its flight's row inserts a participation whose foreign key
 * takes a KEY SHARE lock on the campaign, which FOR UPDATE would block while this edit waits for the
 * flight (a deadlock).
 */
async function lockForEdit(tx: Tx, campaignId: string, editedVersion: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('no key update')
  if (!row) throw notFound('Campaign')
  if (row.updatedAt.toISOString() !== editedVersion) throw staleEdit(row)
  return row
}

// ---- Reading

interface FlightFigures {
  placesTaken: number
  participants: number
}

async function flightFigures(ex: Executor, flightIds: string[]): Promise<Map<string, FlightFigures>> {
  const figures = new Map<string, FlightFigures>(flightIds.map((id) => [id, { placesTaken: 0, participants: 0 }]))
  if (flightIds.length === 0) return figures
  const rows = await ex
    .select({ flightId: participations.flightId, status: participations.status, n: count() })
    .from(participations)
    .where(inArray(participations.flightId, flightIds))
    .groupBy(participations.flightId, participations.status)
  for (const row of rows) {
    const entry = figures.get(row.flightId)!
    entry.participants += Number(row.n)
    if ((PLACE_HOLDING_STATUSES as readonly string[]).includes(row.status)) entry.placesTaken += Number(row.n)
  }
  return figures
}

async function hasApplicants(ex: Executor, campaignId: string): Promise<boolean> {
  const [row] = await ex.select({ id: participations.id }).from(participations).where(eq(participations.campaignId, campaignId)).limit(1)
  return row !== undefined
}

/** A campaign as its editor sees it, with its flights and how many hold a place in each. */
export async function campaignForEdit(ex: Executor, campaignId: string, now: Date): Promise<OpsCampaignDetail> {
  const [row] = await ex
    .select({ campaign: campaigns, productName: products.name, brand: products.brand })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .where(eq(campaigns.id, campaignId))
  if (!row) throw notFound('Campaign')
  const { campaign } = row
  const flightRows = await ex.select().from(flights).where(eq(flights.campaignId, campaignId)).orderBy(flights.position)
  const figures = await flightFigures(
    ex,
    flightRows.map((f) => f.id),
  )
  return {
    id: campaign.id,
    status: campaign.status,
    title: campaign.title,
    slug: campaign.slug,
    summary: campaign.summary,
    description: campaign.description,
    kind: campaign.kind,
    selectionMode: campaign.selectionMode,
    productId: campaign.productId,
    productName: row.productName,
    brand: row.brand,
    eligibility: withEligibilityDefaults(campaign.eligibility),
    screener: campaign.screener.map((q) => ({ ...q, disqualifying: q.disqualifying ?? [] })),
    screenerVersion: campaign.screenerVersion,
    hasApplicants: await hasApplicants(ex, campaignId),
    tasks: withTaskDefaults(campaign.tasks),
    flights: flightRows.map((f) => ({
      id: f.id,
      name: f.name,
      position: f.position,
      signupOpensAt: f.signupOpensAt.toISOString(),
      signupClosesAt: f.signupClosesAt.toISOString(),
      testingStartsAt: f.testingStartsAt.toISOString(),
      reviewDueAt: f.reviewDueAt.toISOString(),
      phase: phaseOf(f, now),
      quota: f.quota,
      ...figures.get(f.id)!,
    })),
    updatedAt: campaign.updatedAt.toISOString(),
    updatedBy: campaign.updatedByName,
  }
}

/** The campaign's page exactly as members will see it, whatever its status; it needs a flight for its dates. */
export async function previewCampaign(ex: Executor, campaignId: string, now: Date): Promise<CampaignDetail> {
  const detail = await campaignDetail(ex, campaignId, now, true)
  if (detail) return detail
  const [exists] = await ex.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId))
  if (!exists) throw notFound('Campaign')
  throw conflict('Add a flight first: the campaign page shows its dates and places')
}

// ---- Checks against stored data

/** Field problems of a campaign's input that only the database can tell: the product, the slug, the interests. */
async function checkReferences(tx: Tx, input: CampaignInput, campaignId: string | null) {
  const fields: Record<string, string> = {}
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId))
  if (!product) fields.productId = 'must be an existing product'
  const [sameSlug] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, input.slug))
  if (sameSlug && sameSlug.id !== campaignId) fields.slug = 'is used by another campaign'
  const unknown = await unknownCategories(tx, input.eligibility.interests)
  if (unknown.length > 0) fields['eligibility.interests'] = `no such category: ${unknown.join(', ')}`
  if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', asFields(fields))
}

/** Stored screener questions: each keeps its id across edits, a new one gets a fresh id. */
function screenerOf(input: ScreenerQuestionInput[]): ScreenerQuestion[] {
  const used = new Set(input.flatMap((q) => (q.id ? [q.id] : [])))
  return input.map((q) => {
    let id = q.id
    while (!id || (used.has(id) && !q.id)) id = `q-${crypto.randomUUID().slice(0, 8)}`
    used.add(id)
    return { id, prompt: q.prompt, kind: q.kind, options: q.options, required: q.required, disqualifying: q.disqualifying }
  })
}

/**
 * JSON with every object's keys sorted: a value read back from a jsonb column has its keys in the
 * database's order, not the order it was written in, and must still compare equal.
 */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
const canonicalScreener = (questions: ScreenerQuestion[]) => stableJson(questions.map((q) => ({ ...q, disqualifying: q.disqualifying ?? [] })))
const sameScreener = (a: ScreenerQuestion[], b: ScreenerQuestion[]) => canonicalScreener(a) === canonicalScreener(b)

/** A campaign's fields as the audit log keeps them: plain values, the rules as JSON. */
function auditedCampaign(
  row: Pick<CampaignRow, 'title' | 'slug' | 'summary' | 'description' | 'kind' | 'selectionMode' | 'productId' | 'eligibility' | 'screener' | 'tasks'>,
) {
  return {
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    description: row.description,
    kind: row.kind,
    selectionMode: row.selectionMode,
    productId: row.productId,
    eligibility: stableJson(withEligibilityDefaults(row.eligibility)),
    screener: canonicalScreener(row.screener),
    tasks: stableJson(withTaskDefaults(row.tasks)),
  }
}

/** Only the fields that changed, on each side. */
function changedFields(before: Record<string, AuditValue>, after: Record<string, AuditValue>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key])
  const side = (values: Record<string, AuditValue>): Record<string, AuditValue> => Object.fromEntries(keys.map((key) => [key, values[key] ?? null]))
  return { before: side(before), after: side(after) }
}

// ---- Campaigns

/** A new campaign, as a draft only staff see. */
export async function createCampaign(deps: SuiteDeps, actor: StaffActor, input: CampaignInput): Promise<OpsCampaignDetail> {
  const now = deps.clock.now()
  const id = await withSlugKept(() =>
    deps.db.transaction(async (tx) => {
      await checkReferences(tx, input, null)
      const [row] = await tx
        .insert(campaigns)
        .values({
          title: input.title,
          slug: input.slug,
          summary: input.summary,
          description: input.description,
          kind: input.kind,
          selectionMode: input.selectionMode,
          productId: input.productId,
          eligibility: input.eligibility,
          screener: screenerOf(input.screener),
          tasks: input.tasks,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
          updatedByName: actorName(actor),
        })
        .returning()
      if (!row) throw new Error('Campaign not written')
      await recordAudit(
        tx,
        actor,
        { action: 'campaign.create', targetType: 'campaign', targetId: row.id, changes: { before: null, after: auditedCampaign(row) } },
        now,
      )
      return row.id
    }),
  )
  return campaignForEdit(deps.db, id, now)
}

/**
 * An edit of a campaign's definition. Once the campaign is out of draft, what applicants were
 * promised holds: the address (slug), the kind, the selection mode and the product stay; wording and
 * rules may change. Once anyone has applied, a screener change becomes a new version (the answers
 * keep the version they answered), and it is refused while a flight's sign-up is open, since
 * members are answering that screener.
 */
export async function updateCampaign(
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  input: CampaignInput,
  editedVersion: string,
): Promise<OpsCampaignDetail> {
  const now = deps.clock.now()
  await withSlugKept(() =>
    deps.db.transaction(async (tx) => {
      const current = await lockForEdit(tx, campaignId, editedVersion)
      await checkReferences(tx, input, current.id)
      const screener = screenerOf(input.screener)
      const fixed: Record<string, string> = {}
      if (current.status !== 'draft') {
        if (input.slug !== current.slug) fixed.slug = 'cannot change once published: links to the campaign use it'
        if (input.kind !== current.kind) fixed.kind = 'cannot change once published: applicants signed up for this kind of test'
        if (input.selectionMode !== current.selectionMode) fixed.selectionMode = 'cannot change once published: applicants were told how places are given'
        if (input.productId !== current.productId) fixed.productId = 'cannot change once published: applicants signed up to test this product'
      }
      const screenerChanged = !sameScreener(current.screener, screener)
      let screenerVersion = current.screenerVersion
      const signupOpen =
        current.status !== 'draft' && (await tx.select().from(flights).where(eq(flights.campaignId, current.id))).some((f) => phaseOf(f, now) === 'open')
      if (screenerChanged && signupOpen) {
        // Members may be answering it this moment, before anyone's answers are stored.
        fixed.screener = 'cannot change while a flight’s sign-up is open: members are answering it; change it between flights'
      } else if (screenerChanged && (await hasApplicants(tx, current.id))) {
        // Keep the version the earlier applicants answered, then start the next one.
        await tx
          .insert(campaignScreeners)
          .values({ campaignId: current.id, version: current.screenerVersion, questions: current.screener, createdAt: now })
          .onConflictDoNothing()
        screenerVersion = current.screenerVersion + 1
      }
      if (Object.keys(fixed).length > 0) {
        const reasons = Object.entries(fixed).map(([field, reason]) => `${field} ${reason}`)
        throw new ApiError('CONFLICT', `Some changes would break what applicants were promised: ${reasons.join('; ')}`, asFields(fixed))
      }
      const unchanged = !screenerChanged && JSON.stringify(auditedCampaign({ ...current, ...input, screener })) === JSON.stringify(auditedCampaign(current))
      // A save that changes nothing writes nothing: no new version, no audit entry.
      if (unchanged) return
      const [row] = await tx
        .update(campaigns)
        .set({
          title: input.title,
          slug: input.slug,
          summary: input.summary,
          description: input.description,
          kind: input.kind,
          selectionMode: input.selectionMode,
          productId: input.productId,
          eligibility: input.eligibility,
          screener,
          screenerVersion,
          tasks: input.tasks,
          updatedAt: nextVersion(current.updatedAt, now),
          updatedByName: actorName(actor),
        })
        .where(eq(campaigns.id, current.id))
        .returning()
      const changes = changedFields(auditedCampaign(current), auditedCampaign(row!))
      if (screenerVersion !== current.screenerVersion) {
        changes.before.screenerVersion = current.screenerVersion
        changes.after.screenerVersion = screenerVersion
      }
      await recordAudit(tx, actor, { action: 'campaign.update', targetType: 'campaign', targetId: current.id, changes }, now)
    }),
  )
  return campaignForEdit(deps.db, campaignId, now)
}

// ---- Flights

const FLIGHT_DATES = ['signupOpensAt', 'signupClosesAt', 'testingStartsAt', 'reviewDueAt'] as const

const auditedFlight = (f: Pick<FlightRow, 'name' | 'quota' | (typeof FLIGHT_DATES)[number]>) => ({
  name: f.name,
  quota: f.quota,
  signupOpensAt: f.signupOpensAt.toISOString(),
  signupClosesAt: f.signupClosesAt.toISOString(),
  testingStartsAt: f.testingStartsAt.toISOString(),
  reviewDueAt: f.reviewDueAt.toISOString(),
})

const flightValues = (input: FlightInput) => ({
  name: input.name,
  quota: input.quota,
  signupOpensAt: new Date(input.signupOpensAt),
  signupClosesAt: new Date(input.signupClosesAt),
  testingStartsAt: new Date(input.testingStartsAt),
  reviewDueAt: new Date(input.reviewDueAt),
})

/**
 * In a campaign out of draft, dates are promises to members: one that has passed stays as it was,
 * and none may be moved into the past.
 */
function checkDatesKept(campaign: CampaignRow, before: FlightRow | null, after: ReturnType<typeof flightValues>, now: Date): Record<string, string> {
  const fields: Record<string, string> = {}
  if (campaign.status === 'draft') return fields
  for (const key of FLIGHT_DATES) {
    const was = before?.[key]
    const will = after[key]
    if (was && was.getTime() === will.getTime()) continue
    if (was && was <= now) fields[key] = 'has passed: members saw this date, it cannot change now'
    else if (will <= now) fields[key] = 'must be in the future'
  }
  return fields
}

async function touch(tx: Tx, actor: StaffActor, campaign: CampaignRow, now: Date) {
  await tx
    .update(campaigns)
    .set({ updatedAt: nextVersion(campaign.updatedAt, now), updatedByName: actorName(actor) })
    .where(eq(campaigns.id, campaign.id))
}

/** A new flight at the end of the campaign's flights. */
export async function addFlight(deps: SuiteDeps, actor: StaffActor, campaignId: string, input: FlightInput, editedVersion: string): Promise<OpsCampaignDetail> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const campaign = await lockForEdit(tx, campaignId, editedVersion)
    const values = flightValues(input)
    const dates = checkDatesKept(campaign, null, values, now)
    if (Object.keys(dates).length > 0) throw badRequest('Some dates are not valid', asFields(dates))
    const [last] = await tx
      .select({ position: max(flights.position), n: count() })
      .from(flights)
      .where(eq(flights.campaignId, campaign.id))
    if (Number(last?.n ?? 0) >= MAX_FLIGHTS) throw conflict(`A campaign has at most ${MAX_FLIGHTS} flights`)
    const [row] = await tx
      .insert(flights)
      .values({ ...values, campaignId: campaign.id, position: (last?.position ?? 0) + 1 })
      .returning()
    await touch(tx, actor, campaign, now)
    await recordAudit(
      tx,
      actor,
      {
        action: 'flight.create',
        targetType: 'flight',
        targetId: row!.id,
        changes: { before: null, after: { campaignId: campaign.id, ...auditedFlight(row!) } },
      },
      now,
    )
  })
  return campaignForEdit(deps.db, campaignId, now)
}

async function lockFlight(tx: Tx, campaign: CampaignRow, flightId: string): Promise<FlightRow> {
  // The flight row lock is the one sign-ups and selections take: places taken cannot change meanwhile.
  const [row] = await tx
    .select()
    .from(flights)
    .where(and(eq(flights.id, flightId), eq(flights.campaignId, campaign.id)))
    .for('update')
  if (!row) throw notFound('Flight')
  return row
}

/** An edit of a flight: dates in order (the schema), passed dates kept, the quota not below the places taken. */
export async function updateFlight(
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  flightId: string,
  input: FlightInput,
  editedVersion: string,
): Promise<OpsCampaignDetail> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const campaign = await lockForEdit(tx, campaignId, editedVersion)
    const current = await lockFlight(tx, campaign, flightId)
    const values = flightValues(input)
    const fields = checkDatesKept(campaign, current, values, now)
    const figures = (await flightFigures(tx, [current.id])).get(current.id)!
    if (values.quota < figures.placesTaken) fields.quota = `cannot go below the ${figures.placesTaken} testers already selected`
    if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', asFields(fields))
    const [row] = await tx.update(flights).set(values).where(eq(flights.id, current.id)).returning()
    // First come first served: places added go to the waitlist first, in its order.
    if (campaign.selectionMode === 'first-come' && row!.quota > current.quota) await promoteWaitlisted(tx, deps, row!, now)
    await touch(tx, actor, campaign, now)
    await recordAudit(
      tx,
      actor,
      { action: 'flight.update', targetType: 'flight', targetId: current.id, changes: changedFields(auditedFlight(current), auditedFlight(row!)) },
      now,
    )
  })
  return campaignForEdit(deps.db, campaignId, now)
}

/** A flight nobody has signed up for may go; a published campaign keeps at least one. */
export async function deleteFlight(
  deps: SuiteDeps,
  actor: StaffActor,
  campaignId: string,
  flightId: string,
  editedVersion: string,
): Promise<OpsCampaignDetail> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const campaign = await lockForEdit(tx, campaignId, editedVersion)
    const current = await lockFlight(tx, campaign, flightId)
    const figures = (await flightFigures(tx, [current.id])).get(current.id)!
    if (figures.participants > 0)
      throw conflict(`This flight has ${figures.participants} ${figures.participants === 1 ? 'participant' : 'participants'}: it cannot be deleted`)
    const [others] = await tx
      .select({ n: count() })
      .from(flights)
      .where(and(eq(flights.campaignId, campaign.id), sql`${flights.id} <> ${current.id}`))
    if (campaign.status === 'published' && Number(others?.n ?? 0) === 0) throw conflict('A published campaign keeps at least one flight')
    await tx.delete(flights).where(eq(flights.id, current.id))
    await touch(tx, actor, campaign, now)
    await recordAudit(
      tx,
      actor,
      {
        action: 'flight.delete',
        targetType: 'flight',
        targetId: current.id,
        changes: { before: { campaignId: campaign.id, ...auditedFlight(current) }, after: null },
      },
      now,
    )
  })
  return campaignForEdit(deps.db, campaignId, now)
}

/**
 * A whole campaign from one definition: the draft, its flights in order, then publishing when
 * asked (with the same checks as the console's Publish). Each step is the console's own.
 */
export async function createCampaignFromDefinition(deps: SuiteDeps, actor: StaffActor, definition: CampaignDefinition): Promise<OpsCampaignDetail> {
  // Refused before anything is written when it could not be published as asked.
  if (definition.publish) {
    const missing = await deps.db.transaction((tx) =>
      missingForPublishing(tx, { productId: definition.campaign.productId, reviewTask: definition.campaign.tasks.review, flights: definition.flights.length }),
    )
    if (missing.length > 0) throw conflict(`The campaign could not be published: it needs ${missing.join(', ')}`, { code: 'not-publishable', missing })
  }
  let campaign = await createCampaign(deps, actor, definition.campaign)
  if (definition.productIdentifiers) await setProductIdentifiers(deps, actor, definition.campaign.productId, definition.productIdentifiers)
  for (const flight of definition.flights) campaign = await addFlight(deps, actor, campaign.id, flight, campaign.updatedAt)
  if (!definition.publish) return campaign
  await setCampaignStatus(deps, actor, campaign.id, 'published')
  return campaignForEdit(deps.db, campaign.id, deps.clock.now())
}
