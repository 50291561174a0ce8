import type * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CampaignDetailSchema,
  CampaignEligibilityListSchema,
  CampaignPageSchema,
  PublicReviewPageSchema,
  type PublicReviewSchema,
  ReviewPageSchema,
  type Eligibility,
} from '../../contract/campaigns'
import { ParticipationListSchema, ParticipationSchema } from '../../contract/participations'
import {
  ACK_QUESTIONNAIRE_PATH,
  ACK_VP_INTENT_PATH,
  ADDRESS_PATH,
  CAMPAIGN_ELIGIBILITY_PATH,
  CAMPAIGN_PARTICIPATIONS_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  PARTICIPATIONS_PATH,
  PROCESS_SIGNUP_PATH,
  PUBLIC_CAMPAIGNS_PATH,
  PUBLIC_CAMPAIGN_PATH,
  PUBLIC_REVIEWS_PATH,
  PUBLIC_REVIEW_PATH,
  fillPath,
} from '../../contract/paths'
import { eq, sql } from 'drizzle-orm'
import { campaigns, reviews } from '../db/schema'
import { seedDemoData } from '../seed/seed'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'

let h: Harness
let ada: TestMember
let bob: TestMember
let cyd: TestMember

beforeAll(async () => {
  ;[h, ada, bob, cyd] = await Promise.all([createHarness(), createTestMember(), createTestMember(), createTestMember()])
  await seedDemoData(h.deps, { demoMember: false })
  for (const m of [ada, bob]) await call(h.app, 'PUT', ADDRESS_PATH, { token: m.bearer, body: GOOD_ADDRESS })
})
afterAll(() => h?.close())

describe('public campaigns and reviews', () => {
  it('lists campaigns by phase, with paging', async () => {
    const open = expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { phase: 'open' } }), CampaignPageSchema)
    expect(open.total).toBeGreaterThanOrEqual(3)
    expect(open.items.every((c) => c.phase === 'open')).toBe(true)
    const full = open.items.find((c) => c.slug === 'hushhour-pillow-mist')
    expect(full?.placesLeft).toBe(0)
    const page = expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { pageSize: '3', page: '2' } }), CampaignPageSchema)
    expect(page.items).toHaveLength(3)
    expect(page.total).toBe(11)
    const phases = new Set(
      expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { pageSize: '50' } }), CampaignPageSchema).items.map((c) => c.phase),
    )
    expect([...phases].sort()).toEqual(['completed', 'open', 'testing', 'upcoming'])
  })

  it('refuses bad queries with field errors', async () => {
    const bad = expectError(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { phase: 'soon', pageSize: '500' } }), 'BAD_REQUEST', 400)
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['pageSize', 'phase'])
    expectError(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { admin: '1' } }), 'BAD_REQUEST', 400)
  })

  it('shows a campaign by slug or id, and 404 otherwise', async () => {
    const bySlug = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: 'kettle-kiln-cold-brew' })), CampaignDetailSchema)
    expect(bySlug.screener.length).toBe(2)
    const byId = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: bySlug.id })), CampaignDetailSchema)
    expect(byId.slug).toBe('kettle-kiln-cold-brew')
    expectError(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: 'no-such-thing' })), 'NOT_FOUND', 404)
  })

  it('pages through 30+ published reviews and shows one', async () => {
    const first = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '20' } }), ReviewPageSchema)
    expect(first.total).toBeGreaterThanOrEqual(30)
    expect(first.items).toHaveLength(20)
    const second = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '20', page: '2' } }), ReviewPageSchema)
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(first.total)
    // Past the last page: no items, the same totals.
    const beyond = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '20', page: '99' } }), ReviewPageSchema)
    expect(beyond).toMatchObject({ items: [], total: first.total, averageRating: first.averageRating })
    const one = first.items[0]!
    // Timestamps have the one form every answer uses (Date.toISOString).
    expect(first.items.every((r) => new Date(r.publishedAt).toISOString() === r.publishedAt)).toBe(true)
    const page = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: one.id })), PublicReviewPageSchema)
    // The list writes each review in one piece in the database; it says what the review's own page says.
    expect(page).toMatchObject(one)
    // The demo reviews have no photo: the page's card image is the product's first image, as its campaign shows it.
    expect(page.firstPhoto).toBeNull()
    const campaign = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: one.campaignSlug })), CampaignDetailSchema)
    expect(page.productImage).toEqual(campaign.product.images[0])
    expect(page.productImage).toMatchObject({ width: expect.any(Number), height: expect.any(Number), alt: expect.stringMatching(/\S/) })
    expectError(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: crypto.randomUUID() })), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: 'x' })), 'NOT_FOUND', 404)
  })

  it('pages by cursor as by number: after a page’s last review comes the next page, before its first the previous one', async () => {
    const byNumber = async (page: number) =>
      expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '7', page: String(page) } }), ReviewPageSchema)
    const first = await byNumber(1)
    expect(first.previousCursor).toBeNull()
    const pages = Math.ceil(first.total / 7)
    let current = first
    for (let page = 2; page <= pages; page++) {
      const next = expectOk(
        await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '7', page: String(page), after: current.nextCursor! } }),
        ReviewPageSchema,
      )
      expect(
        next.items.map((r) => r.id),
        `page ${page}`,
      ).toEqual((await byNumber(page)).items.map((r) => r.id))
      const back = expectOk(
        await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '7', page: String(page - 1), before: next.previousCursor! } }),
        ReviewPageSchema,
      )
      expect(back.items.map((r) => r.id)).toEqual(current.items.map((r) => r.id))
      expect(back.previousCursor === null).toBe(page - 1 === 1)
      current = next
    }
    expect(current.nextCursor).toBeNull()
    expectError(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { after: 'not-an-id' } }), 'BAD_REQUEST', 400)
  })

  it('counts a review out of the totals when it is unpublished or removed and back in when published again, as its rating says', async () => {
    const totals = async () => {
      const page = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { pageSize: '1' } }), ReviewPageSchema)
      const [direct] = await h.deps.db
        .select({ n: sql<number>`count(*)::int`, average: sql<string | null>`round(avg(${reviews.rating}), 1)` })
        .from(reviews)
        .where(eq(reviews.status, 'published'))
      expect({ total: page.total, averageRating: page.averageRating }).toEqual({
        total: direct!.n,
        averageRating: direct!.average === null ? null : Number(direct!.average),
      })
      return page
    }
    const before = await totals()
    const one = before.items[0]!
    await h.deps.db.update(reviews).set({ status: 'rejected' }).where(eq(reviews.id, one.id))
    expect((await totals()).total).toBe(before.total - 1)
    await h.deps.db
      .update(reviews)
      .set({ status: 'published', rating: one.rating === 1 ? 5 : 1 })
      .where(eq(reviews.id, one.id))
    expect((await totals()).total).toBe(before.total)
    await h.deps.db.update(reviews).set({ rating: one.rating }).where(eq(reviews.id, one.id))
    expect(await totals()).toMatchObject({ total: before.total, averageRating: before.averageRating })
  })

  it('filters reviews by category and minimum rating in the query; total and average count the filtered reviews', async () => {
    const everything = async (query: Record<string, string>) => {
      const items: Array<v.InferOutput<typeof PublicReviewSchema>> = []
      for (let page = 1; ; page++) {
        const result = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { ...query, pageSize: '50', page: String(page) } }), ReviewPageSchema)
        items.push(...result.items)
        if (items.length >= result.total || result.items.length === 0) return { items, total: result.total, averageRating: result.averageRating }
      }
    }
    const all = await everything({})
    const campaignsIn = async (category: string) =>
      new Set(expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { category, pageSize: '50' } }), CampaignPageSchema).items.map((c) => c.id))

    const atLeast4 = await everything({ minRating: '4' })
    expect(atLeast4.total).toBe(all.items.filter((r) => r.rating >= 4).length)
    expect(atLeast4.total).toBeGreaterThan(0)
    expect(atLeast4.total).toBeLessThan(all.total)
    expect(atLeast4.items.every((r) => r.rating >= 4)).toBe(true)
    const mean = atLeast4.items.reduce((sum, r) => sum + r.rating, 0) / atLeast4.items.length
    expect(atLeast4.averageRating).toBe(Math.round(mean * 10) / 10)

    const reviewed = all.items[0]!
    const campaign = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: reviewed.campaignId })), CampaignDetailSchema)
    const ids = await campaignsIn(campaign.category)
    const inCategory = await everything({ category: campaign.category })
    expect(inCategory.total).toBe(all.items.filter((r) => ids.has(r.campaignId)).length)
    expect(inCategory.items.every((r) => ids.has(r.campaignId))).toBe(true)

    const both = await everything({ category: campaign.category, minRating: '5' })
    expect(both.total).toBe(all.items.filter((r) => ids.has(r.campaignId) && r.rating >= 5).length)
    const paged = expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { minRating: '4', pageSize: '5', page: '2' } }), ReviewPageSchema)
    expect(paged.items.map((r) => r.id)).toEqual(atLeast4.items.slice(5, 10).map((r) => r.id))
    expect(paged.total).toBe(atLeast4.total)

    const none = expectOk(
      await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { category: 'pets', minRating: '5', campaignId: crypto.randomUUID() } }),
      ReviewPageSchema,
    )
    expect(none).toMatchObject({ items: [], total: 0, averageRating: null })
    // Categories are data: one that does not exist (yet) simply has nothing; only a malformed slug is refused.
    expect(expectOk(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { category: 'cars' } }), ReviewPageSchema)).toMatchObject({ items: [], total: 0 })
    expect(expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { category: 'cars' } }), CampaignPageSchema)).toMatchObject({
      items: [],
      total: 0,
    })
    const bad = expectError(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { minRating: '6', category: 'Cars!' } }), 'BAD_REQUEST', 400)
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['category', 'minRating'])
    expectError(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { category: 'cars/../x' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'GET', PUBLIC_REVIEWS_PATH, { query: { minRating: '0' } }), 'BAD_REQUEST', 400)
  })
})

describe('sign-up and participations', () => {
  const question = { id: 'q1', prompt: 'Colour?', kind: 'single' as const, options: ['red', 'blue'], required: true }

  it('selects until the quota is full, then waitlists; a withdrawal promotes the first waitlisted', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { quota: 1, screener: [question] })
    const body = { campaignId: c.campaignId, answers: [{ questionId: 'q1', answer: 'red' }] }
    const first = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body }), ParticipationSchema, 201)
    expect(first.status).toBe('selected')
    expect(first.shipment?.status).toBe('pending')
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body }), 'CONFLICT', 409)

    const second = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: bob.bearer, body }), ParticipationSchema, 201)
    expect(second).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })

    const withdrawn = expectOk(
      await call(h.app, 'PATCH', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: first.id }), {
        token: ada.bearer,
        body: { action: 'withdraw' },
      }),
      ParticipationSchema,
    )
    expect(withdrawn.status).toBe('withdrawn')
    expect(withdrawn.shipment).toBeNull()
    const promoted = expectOk(
      await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: second.id }), { token: bob.bearer }),
      ParticipationSchema,
    )
    expect(promoted).toMatchObject({ status: 'selected', waitlistPosition: null })
    expectError(
      await call(h.app, 'PATCH', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: first.id }), {
        token: ada.bearer,
        body: { action: 'withdraw' },
      }),
      'CONFLICT',
      409,
    )
  })

  it('tells each waitlisted member their place in the order of sign-up', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    const testers = await Promise.all([createTestMember(), createTestMember(), createTestMember()])
    const places = []
    for (const m of testers) {
      await call(h.app, 'PUT', ADDRESS_PATH, { token: m.bearer, body: GOOD_ADDRESS })
      expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: m.bearer, body: { campaignId: c.campaignId, answers: [] } }), ParticipationSchema, 201)
      const [listed] = expectOk(await call(h.app, 'GET', PARTICIPATIONS_PATH, { token: m.bearer }), ParticipationListSchema).items
      places.push([listed?.status, listed?.waitlistPosition])
    }
    expect(places).toEqual([
      ['selected', null],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ])
  })

  it('rejects bad input with field errors and writes nothing', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { screener: [question] })
    const missing = expectError(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: c.campaignId, answers: [] } }),
      'BAD_REQUEST',
      400,
    )
    expect(missing.fields).toHaveProperty(['answers.q1'])
    const wrong = expectError(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, {
        token: ada.bearer,
        body: { campaignId: c.campaignId, answers: [{ questionId: 'q1', answer: 'green' }] },
      }),
      'BAD_REQUEST',
      400,
    )
    expect(wrong.fields).toHaveProperty(['answers.q1'])
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: 'nope' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: c.campaignId, quota: 99 } }), 'BAD_REQUEST', 400)
    const list = expectOk(
      await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATIONS_PATH, { cid: c.campaignId }), { token: ada.bearer }),
      ParticipationListSchema,
    )
    expect(list.items).toHaveLength(0)
  })

  it('explains why a member is not eligible, and lets them try again', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { eligibility: { minAge: 18 } })
    const result = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: cyd.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    expect(result.status).toBe('not-eligible')
    expect(result.ineligibleReasons).toEqual([{ code: 'address' }, { code: 'birth-date', minAge: 18 }])
    await call(h.app, 'PUT', ADDRESS_PATH, { token: cyd.bearer, body: GOOD_ADDRESS })
    await call(h.app, 'PATCH', 'suite/api/members/update-profile', { token: cyd.bearer, body: { birthDate: '1990-01-01' } })
    const again = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: cyd.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema)
    expect(again).toMatchObject({ id: result.id, status: 'selected', ineligibleReasons: [] })
  })

  it('refuses sign-up outside the open phase', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { phase: 'upcoming' })
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: c.campaignId } }), 'CONFLICT', 409)
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: crypto.randomUUID() } }), 'NOT_FOUND', 404)
  })

  it('acknowledges tasks once, only for the kind of campaign that has them', async () => {
    const c = await createCampaign(h.deps.db, h.clock.now())
    const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    const acked = expectOk(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: ada.bearer, body: { participationId: p.id } }), ParticipationSchema)
    expect(acked.tasks.questionnaireAckedAt).not.toBeNull()
    const again = expectOk(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: ada.bearer, body: { participationId: p.id } }), ParticipationSchema)
    expect(again.tasks.questionnaireAckedAt).toBe(acked.tasks.questionnaireAckedAt)
    expectError(await call(h.app, 'POST', ACK_VP_INTENT_PATH, { token: ada.bearer, body: { participationId: p.id } }), 'CONFLICT', 409)

    const vp = await createCampaign(h.deps.db, h.clock.now(), { kind: 'verified-purchase', tasks: { purchaseIntent: true } })
    const vpP = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: vp.campaignId } }), ParticipationSchema, 201)
    expect(vpP.shipment).toBeNull()
    const intent = expectOk(await call(h.app, 'POST', ACK_VP_INTENT_PATH, { token: ada.bearer, body: { participationId: vpP.id } }), ParticipationSchema)
    expect(intent.tasks.purchaseIntentAckedAt).not.toBeNull()
  })

  it("answers 404 for another member's participations, and 401 without a token", async () => {
    const c = await createCampaign(h.deps.db, h.clock.now())
    const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: c.campaignId } }), ParticipationSchema, 201)
    const path = fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: c.campaignId, pid: p.id })
    expectError(await call(h.app, 'GET', path, { token: bob.bearer }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'PATCH', path, { token: bob.bearer, body: { action: 'withdraw' } }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: bob.bearer, body: { participationId: p.id } }), 'NOT_FOUND', 404)
    expect(
      expectOk(await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATIONS_PATH, { cid: c.campaignId }), { token: bob.bearer }), ParticipationListSchema).items,
    ).toEqual([])
    expectError(await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATIONS_PATH, { cid: crypto.randomUUID() }), { token: bob.bearer }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'GET', path), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { body: { campaignId: c.campaignId } }), 'UNAUTHENTICATED', 401)
    const mine = expectOk(await call(h.app, 'GET', PARTICIPATIONS_PATH, { token: ada.bearer, query: { status: 'selected' } }), ParticipationListSchema)
    expect(mine.items.some((x) => x.id === p.id)).toBe(true)
  })
})

describe('eligibility', () => {
  it('answers with reason codes for one campaign, the same reasons sign-up stores', async () => {
    const dee = await createTestMember()
    const strict = await createCampaign(h.deps.db, h.clock.now(), {
      eligibility: { countries: ['GB'], minAge: 18, phoneVerifiedRequired: true, socialProfileRequired: true },
    })
    const ask = async (campaignId: string) =>
      expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: dee.bearer, query: { campaignId } }), CampaignEligibilityListSchema).items

    expect(await ask(strict.campaignId)).toEqual([
      {
        campaignId: strict.campaignId,
        eligible: false,
        reasons: [{ code: 'address' }, { code: 'birth-date', minAge: 18 }, { code: 'phone' }, { code: 'social' }],
      },
    ])
    await call(h.app, 'PUT', ADDRESS_PATH, { token: dee.bearer, body: GOOD_ADDRESS })
    await call(h.app, 'PATCH', 'suite/api/members/update-profile', { token: dee.bearer, body: { birthDate: `${h.clock.now().getUTCFullYear() - 17}-01-01` } })
    const [answer] = await ask(strict.campaignId)
    expect(answer?.reasons).toEqual([{ code: 'country', countries: ['GB'] }, { code: 'age', minAge: 18 }, { code: 'phone' }, { code: 'social' }])

    const signup = expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: dee.bearer, body: { campaignId: strict.campaignId } }),
      ParticipationSchema,
      201,
    )
    expect(signup.status).toBe('not-eligible')
    expect(signup.ineligibleReasons).toEqual(answer?.reasons)

    const easy = await createCampaign(h.deps.db, h.clock.now(), { eligibility: { countries: ['DE'] } })
    expect(await ask(easy.campaignId)).toEqual([{ campaignId: easy.campaignId, eligible: true, reasons: [] }])
    const done = await createCampaign(h.deps.db, h.clock.now(), { phase: 'completed', eligibility: { minAge: 21 } })
    expect((await ask(done.campaignId))[0]?.reasons).toEqual([{ code: 'age', minAge: 21 }])
  })

  it('targets preferences: for the seeded pet campaign the eligibility answer and sign-up agree, before and after the member adds a dog', async () => {
    const eve = await createTestMember()
    await call(h.app, 'PUT', ADDRESS_PATH, { token: eve.bearer, body: GOOD_ADDRESS })
    const campaign = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: 'whisker-wag-lick-mat' })), CampaignDetailSchema)
    expect(campaign.phase).toBe('open')
    expect(campaign.eligibility).toMatchObject({ pets: ['dog', 'cat'], interests: [], children: null })
    const ask = async () =>
      expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: eve.bearer, query: { campaignId: campaign.id } }), CampaignEligibilityListSchema)
        .items[0]
    const signUp = { campaignId: campaign.id, answers: [{ questionId: 'pet', answer: 'My dog' }] }

    const before = await ask()
    expect(before).toEqual({ campaignId: campaign.id, eligible: false, reasons: [{ code: 'pets', pets: ['dog', 'cat'] }] })
    const refused = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: eve.bearer, body: signUp }), ParticipationSchema, 201)
    expect(refused).toMatchObject({ status: 'not-eligible', ineligibleReasons: before?.reasons })

    await call(h.app, 'PATCH', 'suite/api/members/update-profile', {
      token: eve.bearer,
      body: { preferences: { interests: [], children: 0, pets: ['fish', 'dog'] } },
    })
    expect(await ask()).toEqual({ campaignId: campaign.id, eligible: true, reasons: [] })
    const accepted = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: eve.bearer, body: signUp }), ParticipationSchema)
    expect(accepted).toMatchObject({ id: refused.id, status: 'selected', ineligibleReasons: [] })
  })

  it('applies interests and children rules, and reads campaigns stored without the preference rules as open to anyone', async () => {
    const fay = await createTestMember()
    await call(h.app, 'PUT', ADDRESS_PATH, { token: fay.bearer, body: GOOD_ADDRESS })
    const reasonsFor = async (campaignId: string) =>
      expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: fay.bearer, query: { campaignId } }), CampaignEligibilityListSchema).items[0]
        ?.reasons
    const families = await createCampaign(h.deps.db, h.clock.now(), { eligibility: { interests: ['baby', 'home'], children: 'with' } })
    const quiet = await createCampaign(h.deps.db, h.clock.now(), { eligibility: { children: 'without' } })
    expect(await reasonsFor(families.campaignId)).toEqual([
      { code: 'interests', interests: ['baby', 'home'] },
      { code: 'children', children: 'with' },
    ])
    expect(await reasonsFor(quiet.campaignId)).toEqual([])
    await call(h.app, 'PATCH', 'suite/api/members/update-profile', { token: fay.bearer, body: { preferences: { interests: ['home'], children: 2, pets: [] } } })
    expect(await reasonsFor(families.campaignId)).toEqual([])
    expect(await reasonsFor(quiet.campaignId)).toEqual([{ code: 'children', children: 'without' }])

    // A row as written before the preference rules existed: the keys are absent.
    const old = await createCampaign(h.deps.db, h.clock.now())
    const stored = { countries: ['DE'], minAge: null, phoneVerifiedRequired: false, socialProfileRequired: false }
    await h.deps.db
      .update(campaigns)
      .set({ eligibility: stored as Eligibility })
      .where(eq(campaigns.id, old.campaignId))
    const detail = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: old.campaignId })), CampaignDetailSchema)
    // Stored before the household rule too: it stays off, so a running test does not change its rules.
    expect(detail.eligibility).toEqual({ ...stored, interests: [], pets: [], children: null, minTier: null, onePerHousehold: false })
    expect(await reasonsFor(old.campaignId)).toEqual([])
    expect(
      expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: fay.bearer, body: { campaignId: old.campaignId } }), ParticipationSchema, 201).status,
    ).toBe('selected')
  })

  it('lists the open and upcoming campaigns only', async () => {
    const [open, upcoming, testing, completed] = await Promise.all(
      (['open', 'upcoming', 'testing', 'completed'] as const).map((phase) => createCampaign(h.deps.db, h.clock.now(), { phase, eligibility: { minAge: 99 } })),
    )
    const list = expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: ada.bearer }), CampaignEligibilityListSchema).items
    const ids = new Set(list.map((x) => x.campaignId))
    expect(ids.has(open!.campaignId) && ids.has(upcoming!.campaignId)).toBe(true)
    expect(ids.has(testing!.campaignId) || ids.has(completed!.campaignId)).toBe(false)
    expect(list.find((x) => x.campaignId === open!.campaignId)).toEqual({
      campaignId: open!.campaignId,
      eligible: false,
      reasons: [{ code: 'birth-date', minAge: 99 }],
    })
    const board = expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { pageSize: '50' } }), CampaignPageSchema).items
    const expected = board.filter((c) => c.phase === 'open' || c.phase === 'upcoming').map((c) => c.id)
    expect([...ids].sort()).toEqual(expected.sort())
    expect(list.every((x) => x.eligible === (x.reasons.length === 0))).toBe(true)
  })

  it('refuses unknown campaigns, bad ids and calls without a token', async () => {
    expectError(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: ada.bearer, query: { campaignId: crypto.randomUUID() } }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: ada.bearer, query: { campaignId: 'kettle' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: ada.bearer, query: { phase: 'open' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH), 'UNAUTHENTICATED', 401)
  })
})
