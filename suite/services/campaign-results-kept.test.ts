// The counts a campaign's results are read from are kept by triggers in the transaction of every
// change (migration 0024). After each round of a random series of changes made through the member
// API as its users make them (applications with screener answers in two flights, withdrawals that
// promote the waitlist, parcels shipped and delivered, reviews sent, approved and rejected, addresses
// and birth dates changed, accounts deleted), several of them at once, the kept figures must equal a
// count from every applicant (the live query the results were read with before), group by group,
// before anything is hidden. Testers also move in together (a household link) and support rules
// linked accounts two people and takes it back: the linked applicants (migration 0025) must list
// exactly the participations whose member has a link that counts, and the moderation queue's and the
// flights' counts (migration 0027) the reviews waiting and the participations in each status. PostgreSQL only: the concurrency is PostgreSQL's.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { ADDRESS_PATH, fillPath, FLIGHT_REVIEW_PATH, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { accountLinkRulings, accountLinks, flights, members, participations, reviews, shipments } from '../db/schema'
import { invariantViolations } from '../seed/invariants'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { seededRandom } from '../test/random'
import { call, createHarness, type CallResult, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'
import { pseudonymize } from './account-deletion'
import { campaignResults, keptFigures, recountCampaignResults, recountedFigures } from './campaign-results'

const SCREENER = [
  { id: 'coffee', prompt: 'How do you take your coffee?', kind: 'single' as const, options: ['Black', 'With milk', 'Oat'], required: true },
  { id: 'when', prompt: 'When do you drink it?', kind: 'multi' as const, options: ['Morning', 'Afternoon', 'Evening'], required: false },
  { id: 'why', prompt: 'Why this product?', kind: 'text' as const, options: [], required: false },
]
const COUNTRIES = ['DE', 'GB', 'US']
const MEMBERS = 16
const ROUNDS = 40
/** Changes made at once in a round. */
const AT_ONCE = 4

describe.skipIf(!process.env.TEST_DATABASE_URL)("a campaign's kept results", () => {
  let h: Harness
  let campaign: CampaignFixture
  let secondFlightId: string
  let fulfilment: TestMember
  let moderator: TestMember
  let support: TestMember
  const testers: TestMember[] = []

  beforeAll(async () => {
    h = await createHarness()
    ;[fulfilment, moderator, support] = await Promise.all([
      createTestStaff(h.deps.db, ['fulfilment']),
      createTestStaff(h.deps.db, ['moderator']),
      createTestStaff(h.deps.db, ['support']),
    ])
    // Small flights, so that withdrawals promote from the waitlist.
    campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 5, screener: SCREENER, tasks: { questionnaire: false, social: false } })
    const [first] = await h.deps.db.select().from(flights).where(eq(flights.id, campaign.flightId))
    const [second] = await h.deps.db
      .insert(flights)
      .values({ ...first!, id: undefined, name: 'Flight 2', position: 2, quota: 4 })
      .returning()
    secondFlightId = second!.id
    for (let i = 0; i < MEMBERS; i++) {
      const member = await createTestMember({ displayName: `Kept ${i}` })
      await call(h.app, 'PUT', ADDRESS_PATH, {
        token: member.bearer,
        body: { ...GOOD_ADDRESS, line1: `Keptstraße ${i}`, country: COUNTRIES[i % 3], postalCode: i % 3 === 1 ? 'SW1A 1AA' : '10115' },
      })
      testers.push(member)
    }
  }, 180_000)
  afterAll(() => h?.close())

  const memberRow = async (member: TestMember) => (await h.deps.db.select().from(members).where(eq(members.uid, member.uid)))[0]

  /** The member's participations with their parcel and review, as the changes below need them. */
  async function stateOf(member: TestMember) {
    const row = await memberRow(member)
    if (!row || row.pseudonymizedAt) return null
    const own = await h.deps.db
      .select({ id: participations.id, flightId: participations.flightId, status: participations.status })
      .from(participations)
      .where(eq(participations.memberId, row.id))
    const ids = own.map((p) => p.id)
    const parcels = ids.length ? await h.deps.db.select().from(shipments).where(inArray(shipments.participationId, ids)) : []
    const written = ids.length ? await h.deps.db.select().from(reviews).where(inArray(reviews.participationId, ids)) : []
    const links = await h.deps.db
      .selectDistinct({ linkedMemberId: accountLinks.linkedMemberId, ruled: sql<boolean>`${accountLinkRulings.memberId} is not null` })
      .from(accountLinks)
      .leftJoin(
        accountLinkRulings,
        and(eq(accountLinkRulings.memberId, accountLinks.memberId), eq(accountLinkRulings.linkedMemberId, accountLinks.linkedMemberId)),
      )
      .where(eq(accountLinks.memberId, row.id))
    return { row, own, parcels, written, links }
  }

  /** One random change by or for this member (nothing when none applies now). */
  async function change(rng: ReturnType<typeof seededRandom>, member: TestMember): Promise<CallResult | null> {
    const state = await stateOf(member)
    if (!state) return null
    const choices: Array<() => Promise<CallResult | null>> = []
    // A step forward (applying, shipping, delivering, reviewing, deciding) is three times as likely as the others.
    const forward = (step: () => Promise<CallResult | null>) => choices.push(step, step, step)
    const flightsTaken = new Set(state.own.map((p) => p.flightId))
    for (const flightId of [campaign.flightId, secondFlightId].filter((f) => !flightsTaken.has(f))) {
      forward(() => {
        const when = ['Morning', 'Afternoon', 'Evening'].filter(() => rng.next() < 0.5)
        const answers = [
          { questionId: 'coffee', answer: rng.pick(SCREENER[0]!.options) },
          ...(rng.next() < 0.7 ? [{ questionId: 'when', answer: when }] : []),
          ...(rng.next() < 0.5 ? [{ questionId: 'why', answer: 'I drink it every day.' }] : []),
        ]
        return call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId, flightId, answers } })
      })
    }
    for (const p of state.own.filter((p) => ['selected', 'waitlisted', 'applied'].includes(p.status))) {
      choices.push(() =>
        call(h.app, 'PATCH', fillPath(ENDPOINTS.withdrawParticipation.path, { cid: campaign.campaignId, pid: p.id }), {
          token: member.bearer,
          body: { action: 'withdraw' },
        }),
      )
    }
    for (const parcel of state.parcels) {
      const path = fillPath(ENDPOINTS.opsShipmentAction.path, { id: parcel.id })
      if (parcel.status === 'pending')
        forward(() => call(h.app, 'POST', path, { token: fulfilment.bearer, body: { action: 'ship', carrier: 'DHL', trackingNumber: 'JD0146000012' } }))
      if (parcel.status === 'shipped') forward(() => call(h.app, 'POST', path, { token: fulfilment.bearer, body: { action: 'deliver' } }))
      if (parcel.status === 'delivered' && !state.written.some((r) => r.participationId === parcel.participationId)) {
        forward(() =>
          call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
            token: member.bearer,
            body: {
              participationId: parcel.participationId,
              rating: 1 + rng.int(5),
              title: 'Kept review',
              body: 'Cold brew every morning for three weeks: smooth, strong and easy to dilute.',
              receivedForFree: true,
            },
          }),
        )
      }
    }
    for (const review of state.written.filter((r) => r.status === 'pending')) {
      const decision = rng.next() < 0.7 ? 'approve' : 'reject'
      forward(() =>
        call(h.app, 'POST', fillPath(ENDPOINTS.opsDecideReview.path, { id: review.id }), {
          token: moderator.bearer,
          body: { decision, submittedAt: review.submittedAt.toISOString(), ...(decision === 'reject' ? { reason: 'other', note: 'Please say more.' } : {}) },
        }),
      )
    }
    choices.push(() => {
      const country = rng.pick(COUNTRIES)
      return call(h.app, 'PUT', ADDRESS_PATH, {
        token: member.bearer,
        body: { ...GOOD_ADDRESS, line1: `Keptweg ${rng.int(1000)}`, country, postalCode: country === 'GB' ? 'SW1A 1AA' : '10115' },
      })
    })
    choices.push(() => {
      const birthDate = rng.next() < 0.2 ? null : `${1950 + rng.int(55)}-0${1 + rng.int(9)}-1${rng.int(10)}`
      return call(h.app, 'PATCH', ENDPOINTS.updateProfile.path, { token: member.bearer, body: { birthDate } })
    })
    // Moving in with another tester links the two as a household (and may make either ineligible).
    choices.push(() => {
      const other = rng.int(MEMBERS)
      return call(h.app, 'PUT', ADDRESS_PATH, {
        token: member.bearer,
        body: { ...GOOD_ADDRESS, line1: `Keptstraße ${other}`, country: COUNTRIES[other % 3], postalCode: other % 3 === 1 ? 'SW1A 1AA' : '10115' },
      })
    })
    // Support rules that a linked account is someone else, or takes the ruling back.
    for (const link of state.links) {
      const path = fillPath(ENDPOINTS.opsRuleLink.path, { id: state.row.id, linkedId: link.linkedMemberId })
      choices.push(() =>
        link.ruled
          ? call(h.app, 'DELETE', path, { token: support.bearer })
          : call(h.app, 'POST', path, { token: support.bearer, body: { note: 'Two people.' } }),
      )
    }
    if (rng.next() < 0.05) {
      choices.push(async () => {
        await pseudonymize(h.deps, state.row)
        return null
      })
    }
    return rng.pick(choices)()
  }

  async function expectKeptEqualsRecount(round: number) {
    const now = h.clock.now()
    const [kept, recounted] = await Promise.all([keptFigures(h.deps.db, campaign.campaignId, now), recountedFigures(h.deps.db, campaign.campaignId, now)])
    expect(kept, `round ${round}`).toEqual(recounted)
    // The linked applicants too: listed exactly when the member has a link that counts; and the
    // moderation queue's and the flights' counts, of the reviews and applications as they are now.
    const unkept = (await invariantViolations(h.deps.db)).filter((violation) =>
      ['linked-applicants-kept', 'moderation-queue-kept', 'flight-applicants-kept', 'review-shown-kept'].includes(violation.rule),
    )
    expect(unkept, `round ${round}`).toEqual([])
    expect(await campaignResults(h.deps.db, campaign.campaignId, now)).toEqual(await recountCampaignResults(h.deps.db, campaign.campaignId, now))
  }

  it('equal a recount from every applicant after each round of random changes, several at once', async () => {
    const seed = Number(process.env.RESULTS_SEED ?? Date.now() % 1_000_000)
    const rng = seededRandom(seed)
    let made = 0
    for (let round = 0; round < ROUNDS; round++) {
      const chosen = Array.from({ length: AT_ONCE }, () => rng.pick(testers))
      const outcomes = await Promise.all(chosen.map((member) => change(rng, member)))
      // Minutes pass between rounds: the days from shipping to review differ (staff sessions last 8 hours).
      h.clock.advance((1 + rng.int(10)) * 60_000)
      for (const outcome of outcomes) {
        // A change the rules refuse (a full flight, a parcel someone else shipped first) is fine; a failure is not.
        if (outcome) expect(outcome.status, `seed ${seed}, round ${round}: ${JSON.stringify(outcome.json)}`).toBeLessThan(500)
        if (outcome && outcome.status < 300) made++
      }
      await expectKeptEqualsRecount(round)
    }
    const reached = (await keptFigures(h.deps.db, campaign.campaignId, h.clock.now())).funnel
    if (process.env.RESULTS_SEED) console.log(`seed ${seed}: ${made} changes made`, JSON.stringify(reached))
    // The series did move the funnel: something was applied for, shipped and reviewed.
    const [moved] = await h.deps.db
      .select({ applied: sql<number>`count(*)::int`, shipped: sql<number>`count(${shipments.shippedAt})::int` })
      .from(participations)
      .leftJoin(shipments, eq(shipments.participationId, participations.id))
      .where(and(eq(participations.campaignId, campaign.campaignId)))
    expect(made, `seed ${seed}`).toBeGreaterThan(ROUNDS)
    expect(moved!.applied).toBeGreaterThan(0)
    // Testers did move in together, and support ruled on some of their links.
    const [linked] = await h.deps.db.select({ links: sql<number>`count(*)::int` }).from(accountLinks)
    const [ruled] = await h.deps.db.select({ rulings: sql<number>`count(*)::int` }).from(accountLinkRulings)
    expect(linked!.links, `seed ${seed}`).toBeGreaterThan(0)
    expect(ruled!.rulings, `seed ${seed}`).toBeGreaterThan(0)
  }, 600_000)

  it('equal a recount after the whole campaign is counted again (the migration fill)', async () => {
    const now = h.clock.now()
    const before = await keptFigures(h.deps.db, campaign.campaignId, now)
    await h.deps.db.execute(sql`select results_refill()`)
    expect(await keptFigures(h.deps.db, campaign.campaignId, now)).toEqual(before)
    expect(before).toEqual(await recountedFigures(h.deps.db, campaign.campaignId, now))
  })

  it('apply a selection made inside one statement for many applicants at once', async () => {
    // A bulk statement (as a job or an operator would write): every waiting applicant of the first flight
    // selected in one update, then put back.
    const now = h.clock.now()
    await h.deps.db.execute(
      sql`update participations set selected_at = ${now.toISOString()}::timestamptz where flight_id = ${campaign.flightId} and selected_at is null`,
    )
    await expectKeptEqualsRecount(-1)
    await h.deps.db.transaction(async (tx) => {
      await tx.execute(sql`update participations set status = 'withdrawn' where flight_id = ${secondFlightId} and status = 'waitlisted'`)
      await tx.execute(
        sql`update participations set status = 'waitlisted' where flight_id = ${secondFlightId} and status = 'withdrawn' and withdrawn_at is null`,
      )
    })
    await expectKeptEqualsRecount(-2)
  })
})
