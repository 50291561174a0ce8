// Campaign authoring through the member API: a draft made and edited with the contract's checks,
// flights with their dates in order, the promises of a published campaign kept, screener versions
// once someone answered, stale edits refused (also when two managers save at once), all audited.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignInput, FlightInput, OpsCampaignDetail } from '../../contract/campaign-authoring'
import { CampaignDetailSchema } from '../../contract/campaigns'
import { ENDPOINTS } from '../../contract/endpoints'
import { ADDRESS_PATH, fillPath, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { auditLog, campaignScreeners, flights, participations, products } from '../db/schema'
import { GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember
let colleague: TestMember
let productId: string

beforeAll(async () => {
  h = await createHarness()
  ;[manager, colleague] = await Promise.all([
    createTestStaff(h.deps.db, ['campaign-manager'], { displayName: 'Cam Manager' }),
    createTestStaff(h.deps.db, ['campaign-manager'], { displayName: 'Col League' }),
  ])
  const [product] = await h.deps.db
    .insert(products)
    .values({
      brand: 'Kettle & Kiln',
      name: 'Cold brew jug',
      description: 'A one-litre cold brew jug.',
      category: 'kitchen',
      retailValueCents: 3499,
      currency: 'EUR',
      images: ['/x.jpg'],
    })
    .returning({ id: products.id })
  productId = product!.id
})
afterAll(() => h?.close())

const Detail = ENDPOINTS.opsCampaign.data
const days = (n: number) => new Date(h.clock.now().getTime() + n * 86_400_000).toISOString()

const input = (over: Partial<CampaignInput> = {}): CampaignInput => ({
  title: 'Brew at home',
  slug: `brew-at-home-${crypto.randomUUID().slice(0, 6)}`,
  summary: 'Test a cold brew jug for two weeks.',
  description: 'Steep overnight, pour in the morning.\n\n- One jug\n- A steel filter',
  kind: 'free-product',
  selectionMode: 'first-come',
  productId,
  eligibility: {
    countries: ['GB', 'DE'],
    minAge: null,
    phoneVerifiedRequired: false,
    socialProfileRequired: false,
    interests: [],
    pets: [],
    children: null,
    minTier: null,
    onePerHousehold: false,
  },
  screener: [
    {
      prompt: 'How do you take your coffee?',
      kind: 'single',
      options: ['Black', 'With milk', 'I do not drink coffee'],
      required: true,
      disqualifying: ['I do not drink coffee'],
    },
  ],
  tasks: { questionnaire: true, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
  ...over,
})
const flight = (over: Partial<FlightInput> = {}): FlightInput => ({
  name: 'Flight 1',
  signupOpensAt: days(1),
  signupClosesAt: days(8),
  testingStartsAt: days(10),
  reviewDueAt: days(30),
  quota: 2,
  ...over,
})

const create = async (over: Partial<CampaignInput> = {}) =>
  expectOk(await call(h.app, 'POST', ENDPOINTS.opsCreateCampaign.path, { token: manager.bearer, body: input(over) }), Detail, 201)
const update = (c: OpsCampaignDetail, campaign: CampaignInput, who = manager) =>
  call(h.app, 'PUT', fillPath(ENDPOINTS.opsUpdateCampaign.path, { id: c.id }), { token: who.bearer, body: { campaign, editedVersion: c.updatedAt } })
const addFlight = (c: OpsCampaignDetail, f: FlightInput) =>
  call(h.app, 'POST', fillPath(ENDPOINTS.opsCreateFlight.path, { id: c.id }), { token: manager.bearer, body: { flight: f, editedVersion: c.updatedAt } })
const editFlight = (c: OpsCampaignDetail, flightId: string, f: FlightInput) =>
  call(h.app, 'PUT', fillPath(ENDPOINTS.opsUpdateFlight.path, { id: c.id, flightId }), {
    token: manager.bearer,
    body: { flight: f, editedVersion: c.updatedAt },
  })
const deleteFlight = (c: OpsCampaignDetail, flightId: string) =>
  call(h.app, 'DELETE', fillPath(ENDPOINTS.opsDeleteFlight.path, { id: c.id, flightId }), { token: manager.bearer, query: { editedVersion: c.updatedAt } })
const publish = (c: OpsCampaignDetail) =>
  call(h.app, 'POST', fillPath(ENDPOINTS.opsCampaignStatus.path, { id: c.id }), { token: manager.bearer, body: { status: 'published' } })
const asInput = (c: OpsCampaignDetail): CampaignInput => ({
  title: c.title,
  slug: c.slug,
  summary: c.summary,
  description: c.description,
  kind: c.kind,
  selectionMode: c.selectionMode,
  productId: c.productId,
  eligibility: c.eligibility,
  screener: c.screener,
  tasks: c.tasks,
})

async function applicant(): Promise<TestMember> {
  const member = await createTestMember()
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
  return member
}

describe('campaign authoring', () => {
  it('makes a draft, edits it, refuses a stale edit with who saved in between, and audits before and after', async () => {
    const draft = await create()
    expect(draft).toMatchObject({ status: 'draft', selectionMode: 'first-come', hasApplicants: false, flights: [], updatedBy: 'Cam Manager' })
    // A new question gets an id the answers will use.
    expect(draft.screener[0]!.id).toMatch(/^q-/)

    const edited = expectOk(await update(draft, { ...asInput(draft), title: 'Brew at home, slowly' }, colleague), Detail)
    expect(edited).toMatchObject({ title: 'Brew at home, slowly', updatedBy: 'Col League' })
    expect(edited.updatedAt).not.toBe(draft.updatedAt)
    const stale = expectError(await update(draft, { ...asInput(draft), summary: 'Another summary for the jug.' }), 'CONFLICT', 409)
    expect(stale.reason).toEqual({ code: 'stale-edit', changedBy: 'Col League', changedAt: edited.updatedAt })

    const entries = await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, draft.id)).orderBy(auditLog.at)
    expect(entries.map((e) => e.action)).toEqual(['campaign.create', 'campaign.update'])
    // Only what changed, on both sides.
    expect(entries[1]!.changes).toEqual({ before: { title: 'Brew at home' }, after: { title: 'Brew at home, slowly' } })
  })

  it('of two managers saving the same version at once, one wins and the other is refused', async () => {
    const draft = await create()
    const [a, b] = await Promise.all([
      update(draft, { ...asInput(draft), title: 'First title' }),
      update(draft, { ...asInput(draft), title: 'Second title' }, colleague),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
  })

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    const bad = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsCreateCampaign.path, {
        token: manager.bearer,
        body: {
          ...input(),
          slug: 'Not A Slug',
          kind: 'verified-purchase',
          eligibility: { ...input().eligibility, countries: [], minAge: 7 },
          screener: [{ prompt: 'Pick one', kind: 'single', options: ['Only'], required: true, disqualifying: ['Other'] }],
        },
      }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual([
      'eligibility.countries',
      'eligibility.minAge',
      'screener.0.disqualifying',
      'screener.0.options',
      'slug',
      'tasks.purchaseIntent',
    ])
    const taken = await create()
    const unknown = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsCreateCampaign.path, {
        token: manager.bearer,
        body: input({ slug: taken.slug, productId: crypto.randomUUID(), eligibility: { ...input().eligibility, interests: ['spaceships'] } }),
      }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(unknown.fields ?? {}).sort()).toEqual(['eligibility.interests', 'productId', 'slug'])
    const after = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    expect(after[0]!.n - before[0]!.n).toBe(1)

    const badDates = expectError(
      await addFlight(taken, flight({ signupClosesAt: days(0.5), testingStartsAt: days(0.2), reviewDueAt: days(0.1) })),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(badDates.fields ?? {}).sort()).toEqual(['flight.reviewDueAt', 'flight.signupClosesAt', 'flight.testingStartsAt'])
    expect(Object.keys(expectError(await addFlight(taken, flight({ quota: 0 })), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['flight.quota'])
  })

  it('publishes once it has a flight, then keeps what applicants were promised while wording may change', async () => {
    let c = await create()
    const refused = expectError(await publish(c), 'CONFLICT', 409)
    expect(refused.message).toContain('flight')
    // The preview needs the flight's dates too.
    expectError(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignPreview.path, { id: c.id }), { token: manager.bearer }), 'CONFLICT', 409)
    c = expectOk(await addFlight(c, flight({ signupOpensAt: days(-1) })), Detail)
    const preview = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignPreview.path, { id: c.id }), { token: manager.bearer }),
      CampaignDetailSchema,
    )
    expect(preview).toMatchObject({ title: c.title, phase: 'open' })
    // Members never see which answers disqualify.
    expect(preview.screener[0]).not.toHaveProperty('disqualifying')
    expect((await publish(c)).status).toBe(200)
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)

    const promises = expectError(
      await update(c, { ...asInput(c), slug: `${c.slug}-2`, kind: 'verified-purchase', selectionMode: 'curated', tasks: { ...c.tasks, purchaseIntent: true } }),
      'CONFLICT',
      409,
    )
    expect(Object.keys(promises.fields ?? {}).sort()).toEqual(['kind', 'selectionMode', 'slug'])
    expect(promises.message).toContain('kind cannot change once published')
    c = expectOk(await update(c, { ...asInput(c), summary: 'Two weeks with a cold brew jug.' }), Detail)

    // A date that has passed stays; none moves into the past; the quota keeps the selected testers.
    for (const answer of ['Black', 'With milk']) {
      const member = await applicant()
      expectOk(
        await call(h.app, 'POST', PROCESS_SIGNUP_PATH, {
          token: member.bearer,
          body: { campaignId: c.id, answers: [{ questionId: c.screener[0]!.id, answer }] },
        }),
        ENDPOINTS.processSignup.data,
        201,
      )
    }
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)
    const f = c.flights[0]!
    expect(f).toMatchObject({ placesTaken: 2, participants: 2 })
    const dates = expectError(await editFlight(c, f.id, flight({ signupOpensAt: days(-0.5), signupClosesAt: days(-0.2) })), 'BAD_REQUEST', 400)
    expect(dates.fields).toEqual({
      signupOpensAt: ['has passed: members saw this date, it cannot change now'],
      signupClosesAt: ['must be in the future'],
    })
    const quota = expectError(await editFlight(c, f.id, flight({ signupOpensAt: f.signupOpensAt, quota: 1 })), 'BAD_REQUEST', 400)
    expect(quota.fields).toEqual({ quota: ['cannot go below the 2 testers already selected'] })
    c = expectOk(await editFlight(c, f.id, flight({ signupOpensAt: f.signupOpensAt, quota: 5 })), Detail)
    expect(c.flights[0]!.quota).toBe(5)
    // An answer the author marked as disqualifying turns the applicant away, for good in this flight.
    const nonDrinker = await applicant()
    const signUp = (answer: string) =>
      call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: nonDrinker.bearer, body: { campaignId: c.id, answers: [{ questionId: c.screener[0]!.id, answer }] } })
    expect(expectOk(await signUp('I do not drink coffee'), ENDPOINTS.processSignup.data, 201)).toMatchObject({
      status: 'not-eligible',
      ineligibleReasons: [{ code: 'screener' }],
    })
    expectError(await signUp('Black'), 'CONFLICT', 409)
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)

    const occupied = expectError(await deleteFlight(c, f.id), 'CONFLICT', 409)
    expect(occupied.message).toContain('3 participants')

    const flightAudit = await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, f.id)).orderBy(auditLog.at)
    expect(flightAudit.map((e) => e.action)).toEqual(['flight.create', 'flight.update'])
    expect(flightAudit[1]!.changes).toEqual({ before: { quota: 2 }, after: { quota: 5 } })
  })

  it('keeps the screener version applicants answered: refused while sign-up is open, a new version between flights', async () => {
    let c = await create()
    c = expectOk(await addFlight(c, flight({ signupOpensAt: days(-1) })), Detail)
    expect((await publish(c)).status).toBe(200)
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)
    const member = await applicant()
    expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, {
        token: member.bearer,
        body: { campaignId: c.id, answers: [{ questionId: c.screener[0]!.id, answer: 'With milk' }] },
      }),
      ENDPOINTS.processSignup.data,
      201,
    )
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)
    const changed = {
      ...asInput(c),
      screener: [
        { ...c.screener[0]!, prompt: 'How do you usually take your coffee?' },
        { prompt: 'Do you own a fridge?', kind: 'single' as const, options: ['Yes', 'No'], required: true, disqualifying: ['No'] },
      ],
    }
    const open = expectError(await update(c, changed), 'CONFLICT', 409)
    expect(open.fields?.screener?.[0]).toContain('sign-up is open')
    // Wording and rules still change while members apply; the screener stays the version answered.
    const reworded = expectOk(await update(c, { ...asInput(c), summary: 'Two weeks of cold brew, your way.' }), Detail)
    expect(reworded).toMatchObject({ summary: 'Two weeks of cold brew, your way.', screenerVersion: 1 })
    const updates = await h.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, c.id), eq(auditLog.action, 'campaign.update')))
    expect(updates).toHaveLength(1)
    expect(updates[0]!.changes).toEqual({ before: { summary: c.summary }, after: { summary: 'Two weeks of cold brew, your way.' } })
    // A save that changes nothing writes nothing.
    expect(expectOk(await update(reworded, asInput(reworded)), Detail).updatedAt).toBe(reworded.updatedAt)
    c = reworded

    // Between flights: the first flight's sign-up closed (moved back in time here), the next one not open yet.
    await h.deps.db
      .update(flights)
      .set({ signupOpensAt: new Date(days(-3)), signupClosesAt: new Date(days(-1)) })
      .where(eq(flights.campaignId, c.id))
    c = expectOk(
      await addFlight(c, flight({ name: 'Flight 2', signupOpensAt: days(5), signupClosesAt: days(12), testingStartsAt: days(14), reviewDueAt: days(40) })),
      Detail,
    )
    c = expectOk(await update(c, changed), Detail)
    expect(c.screenerVersion).toBe(2)
    expect(c.screener).toHaveLength(2)
    const [kept] = await h.deps.db
      .select()
      .from(campaignScreeners)
      .where(and(eq(campaignScreeners.campaignId, c.id), eq(campaignScreeners.version, 1)))
    expect(kept?.questions).toHaveLength(1)
    const [answered] = await h.deps.db.select().from(participations).where(eq(participations.campaignId, c.id))
    expect(answered?.screenerVersion).toBe(1)
    // The applicants table shows the answer under the question as it was asked.
    const applicants = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsApplicants.path, { id: c.flights[0]!.id }), { token: manager.bearer, query: { view: 'all' } }),
      ENDPOINTS.opsApplicants.data,
    )
    expect(applicants.items[0]?.answers).toEqual([{ question: 'How do you take your coffee?', answer: 'With milk' }])
  })

  it('refuses a screener change while sign-up is open even before anyone answered it', async () => {
    let c = await create()
    c = expectOk(await addFlight(c, flight({ signupOpensAt: days(-1) })), Detail)
    expect((await publish(c)).status).toBe(200)
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)
    const refused = expectError(await update(c, { ...asInput(c), screener: [] }), 'CONFLICT', 409)
    expect(Object.keys(refused.fields ?? {})).toEqual(['screener'])
  })

  it('gives places added to a first-come flight to its waitlist first, in order', async () => {
    let c = await create({ screener: [] })
    c = expectOk(await addFlight(c, flight({ signupOpensAt: days(-1), quota: 1 })), Detail)
    expect((await publish(c)).status).toBe(200)
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)
    const statuses: string[] = []
    for (let i = 0; i < 3; i++) {
      const member = await applicant()
      const p = expectOk(
        await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: c.id } }),
        ENDPOINTS.processSignup.data,
        201,
      )
      statuses.push(p.status)
    }
    expect(statuses).toEqual(['selected', 'waitlisted', 'waitlisted'])
    const f = c.flights[0]!
    c = expectOk(await editFlight(c, f.id, flight({ signupOpensAt: f.signupOpensAt, quota: 2 })), Detail)
    expect(c.flights[0]).toMatchObject({ quota: 2, placesTaken: 2 })
    const rows = await h.deps.db
      .select({ status: participations.status })
      .from(participations)
      .where(eq(participations.flightId, f.id))
      .orderBy(participations.seq)
    expect(rows.map((r) => r.status)).toEqual(['selected', 'selected', 'waitlisted'])
  })

  it('deletes a flight nobody signed up for, but a published campaign keeps one', async () => {
    let c = await create()
    c = expectOk(await addFlight(c, flight()), Detail)
    c = expectOk(await addFlight(c, flight({ name: 'Flight 2' })), Detail)
    expect(c.flights.map((f) => [f.name, f.position])).toEqual([
      ['Flight 1', 1],
      ['Flight 2', 2],
    ])
    c = expectOk(await deleteFlight(c, c.flights[1]!.id), Detail)
    expect((await publish(c)).status).toBe(200)
    c = expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaign.path, { id: c.id }), { token: manager.bearer }), Detail)
    expectError(await deleteFlight(c, c.flights[0]!.id), 'CONFLICT', 409)
  })
})
