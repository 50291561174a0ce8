// One tester per household: a member is not given a place while someone at the same normalised
// address holds one in the campaign, at first-come sign-up, from the waitlist and at curated
// selection; members are told why by the eligibility reason 'household'. With TEST_DATABASE_URL
// the sign-ups at the same moment run on PostgreSQL, concurrently.
import { eq } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CampaignEligibilityListSchema } from '../../contract/campaigns'
import { ENDPOINTS } from '../../contract/endpoints'
import { MemberSummarySchema } from '../../contract/members'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, API_MEMBER_PATH, CAMPAIGN_ELIGIBILITY_PATH, CAMPAIGN_PARTICIPATION_PATH, fillPath, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { SelectionResultSchema } from '../../contract/ops-applicants'
import { campaigns, flights, participations } from '../db/schema'
import { householdHoldsPlace } from '../services/eligibility'
import { promoteWaitlisted } from '../services/participations'
import { createCampaign, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember

beforeAll(async () => {
  h = await createHarness()
  manager = await createTestStaff(h.deps.db, ['campaign-manager'])
})
afterAll(() => h?.close())

/** The same flat, written two ways. */
const AT_HOME = { name: 'Mia', line1: 'Hauptstraße 5', line2: 'Wohnung 2', postalCode: '10115', city: 'Berlin', country: 'DE' }
const AT_HOME_AGAIN = { name: 'Max', line1: 'Hauptstr. 5, Whg. 2', postalCode: '10115', city: 'Berlin', country: 'DE' }

async function memberAt(address: Record<string, string>): Promise<TestMember> {
  const member = await createTestMember()
  expect((await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: address })).status).toBe(200)
  return member
}

const signUp = (member: TestMember, campaign: CampaignFixture) =>
  call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } })

const eligibility = async (member: TestMember, campaign: CampaignFixture) =>
  expectOk(
    await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: member.bearer, query: { campaignId: campaign.campaignId } }),
    CampaignEligibilityListSchema,
  ).items[0]

const onePerHousehold = (options: { quota?: number } = {}) => createCampaign(h.deps.db, h.clock.now(), { ...options, eligibility: { onePerHousehold: true } })

describe('first come, first served', () => {
  it('gives the household one place; the second applicant is told why', async () => {
    const campaign = await onePerHousehold()
    const mia = await memberAt(AT_HOME)
    const max = await memberAt(AT_HOME_AGAIN)
    expect(expectOk(await signUp(mia, campaign), ParticipationSchema, 201).status).toBe('selected')
    expect(await eligibility(max, campaign)).toMatchObject({ eligible: false, reasons: [{ code: 'household' }] })
    const second = expectOk(await signUp(max, campaign), ParticipationSchema, 201)
    expect(second.status).toBe('not-eligible')
    expect(second.ineligibleReasons).toEqual([{ code: 'household' }])
    // The first tester's own eligibility is not affected by their own place.
    expect(await eligibility(mia, campaign)).toMatchObject({ eligible: true })
  })

  it('lets the second try again once the place is given up', async () => {
    const campaign = await onePerHousehold()
    const mia = await memberAt(AT_HOME)
    const max = await memberAt(AT_HOME_AGAIN)
    const first = expectOk(await signUp(mia, campaign), ParticipationSchema, 201)
    expect(expectOk(await signUp(max, campaign), ParticipationSchema, 201).status).toBe('not-eligible')
    const withdrawn = await call(h.app, 'PATCH', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: first.id }), {
      token: mia.bearer,
      body: { action: 'withdraw' },
    })
    expect(withdrawn.status).toBe(200)
    expect(expectOk(await signUp(max, campaign), ParticipationSchema, 200).status).toBe('selected')
  })

  it('gives neighbours and campaigns without the rule their places', async () => {
    const campaign = await onePerHousehold()
    const mia = await memberAt(AT_HOME)
    const neighbour = await memberAt({ ...AT_HOME, line2: 'Wohnung 3' })
    expect(expectOk(await signUp(mia, campaign), ParticipationSchema, 201).status).toBe('selected')
    expect(expectOk(await signUp(neighbour, campaign), ParticipationSchema, 201).status).toBe('selected')

    const withoutRule = await createCampaign(h.deps.db, h.clock.now())
    const max = await memberAt(AT_HOME_AGAIN)
    expect(expectOk(await signUp(mia, withoutRule), ParticipationSchema, 201).status).toBe('selected')
    expect(expectOk(await signUp(max, withoutRule), ParticipationSchema, 201).status).toBe('selected')
  })

  it('does not give a freed place to a waiting member whose household has one, and tells them why', async () => {
    const campaign = await onePerHousehold({ quota: 1 })
    const other = await memberAt({ ...AT_HOME, line1: 'Nebenstraße 9', line2: '' })
    const mia = await memberAt(AT_HOME)
    const max = await memberAt(AT_HOME_AGAIN)
    expect(expectOk(await signUp(other, campaign), ParticipationSchema, 201).status).toBe('selected')
    const miaWaiting = expectOk(await signUp(mia, campaign), ParticipationSchema, 201)
    const maxWaiting = expectOk(await signUp(max, campaign), ParticipationSchema, 201)
    expect([miaWaiting.status, maxWaiting.status]).toEqual(['waitlisted', 'waitlisted'])
    // Two more places: Mia takes one, Max (behind her, at the same address) is passed over.
    await h.deps.db.update(flights).set({ quota: 3 }).where(eq(flights.id, campaign.flightId))
    await h.deps.db.transaction(async (tx) => {
      const [flight] = await tx.select().from(flights).where(eq(flights.id, campaign.flightId)).for('update')
      await promoteWaitlisted(tx, h.deps, flight!, h.clock.now())
    })
    const rows = await h.deps.db.select().from(participations).where(eq(participations.flightId, campaign.flightId))
    expect(rows.find((r) => r.id === miaWaiting.id)).toMatchObject({ status: 'selected' })
    expect(rows.find((r) => r.id === maxWaiting.id)).toMatchObject({ status: 'not-eligible', ineligibleReasons: [{ code: 'household' }] })
  })
})

describe('curated selection', () => {
  async function curated() {
    const campaign = await onePerHousehold({ quota: 5 })
    await h.deps.db.update(campaigns).set({ selectionMode: 'curated' }).where(eq(campaigns.id, campaign.campaignId))
    return campaign
  }
  const select = (campaign: CampaignFixture, ids: string[], confirmLinked = false) =>
    call(h.app, 'POST', fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId }), {
      token: manager.bearer,
      body: { participationIds: ids, confirmLinked },
    })

  it('refuses a second place for a household, naming who, and selects nobody', async () => {
    const campaign = await curated()
    const mia = expectOk(await signUp(await memberAt(AT_HOME), campaign), ParticipationSchema, 201)
    const max = expectOk(await signUp(await memberAt(AT_HOME_AGAIN), campaign), ParticipationSchema, 201)
    expect([mia.status, max.status]).toEqual(['applied', 'applied'])

    const both = expectError(await select(campaign, [mia.id, max.id]), 'CONFLICT', 409)
    expect(both.reason).toMatchObject({ code: 'household' })
    expect(both.reason?.code === 'household' && both.reason.participationIds).toHaveLength(1)
    const selected = await h.deps.db.select().from(participations).where(eq(participations.status, 'selected'))
    expect(selected.filter((r) => r.flightId === campaign.flightId)).toEqual([])

    // Mia and Max are linked by their address: Mia alone is selected once the manager confirms it.
    expect(expectError(await select(campaign, [mia.id]), 'CONFLICT', 409).reason).toMatchObject({ code: 'linked-applicants' })
    expectOk(await select(campaign, [mia.id], true), SelectionResultSchema)
    const again = expectError(await select(campaign, [max.id]), 'CONFLICT', 409)
    expect(again.reason).toEqual({ code: 'household', participationIds: [max.id] })
  })
})

/** A second flight of the campaign, open at the same time: its sign-ups do not wait on the first flight's row lock. */
async function secondFlight(campaign: CampaignFixture): Promise<string> {
  const [first] = await h.deps.db.select().from(flights).where(eq(flights.id, campaign.flightId))
  const { id: _id, ...copy } = first!
  const [second] = await h.deps.db
    .insert(flights)
    .values({ ...copy, name: 'Flight 2', position: 2 })
    .returning()
  return second!.id
}

describe('sign-ups at the same moment', () => {
  it('gives each household one place when its two accounts apply at once, in two flights of the campaign', async () => {
    const households = 8
    const campaign = await onePerHousehold({ quota: 2 * households })
    const second = { id: await secondFlight(campaign) }
    const pairs = await Promise.all(
      Array.from({ length: households }, async (_, i) => {
        const line1 = `Lindenallee ${i + 1}`
        return [await memberAt({ ...AT_HOME, line1, line2: 'Apt 4' }), await memberAt({ ...AT_HOME, line1: `lindenallee ${i + 1} #4`, line2: '' })]
      }),
    )
    const results = await Promise.all(
      pairs.flatMap(([a, b]) => [
        call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: a!.bearer, body: { campaignId: campaign.campaignId, flightId: campaign.flightId } }),
        call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: b!.bearer, body: { campaignId: campaign.campaignId, flightId: second!.id } }),
      ]),
    )
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201))
    const statuses = results.map((r) => expectOk(r, ParticipationSchema, 201))
    for (let i = 0; i < households; i++) {
      const pair = [statuses[2 * i]!, statuses[2 * i + 1]!]
      expect(pair.map((p) => p.status).sort()).toEqual(['not-eligible', 'selected'])
      expect(pair.find((p) => p.status === 'not-eligible')?.ineligibleReasons).toEqual([{ code: 'household' }])
    }
  }, 60_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('makes a sign-up wait while another of the household is being given a place, then tells it why', async () => {
    const campaign = await onePerHousehold()
    const flight2 = await secondFlight(campaign)
    const mia = await memberAt(AT_HOME)
    const max = await memberAt(AT_HOME_AGAIN)
    const miaId = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: mia.bearer }), MemberSummarySchema).id
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let placeWritten = () => {}
    const written = new Promise<void>((resolve) => (placeWritten = resolve))
    // Mia is being given a place in flight 1 (her household decided and locked, the row written, not yet committed)…
    const holding = h.deps.db.transaction(async (tx) => {
      expect(await householdHoldsPlace(tx, campaign.campaignId, miaId)).toBe(false)
      const now = h.clock.now()
      await tx.insert(participations).values({
        memberId: miaId,
        campaignId: campaign.campaignId,
        flightId: campaign.flightId,
        status: 'selected',
        appliedAt: now,
        selectedAt: now,
        updatedAt: now,
      })
      placeWritten()
      await released
    })
    await written
    // …while Max signs up for flight 2: his sign-up waits for the household's lock, and then reads her place.
    let answered = false
    const maxSignup = call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: max.bearer, body: { campaignId: campaign.campaignId, flightId: flight2 } }).finally(
      () => (answered = true),
    )
    await vi.waitFor(
      async () => {
        // PostgreSQL: postgres.js answers the rows themselves.
        const rows = await h.deps.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`)
        if (!answered && (rows as unknown as Array<{ n: number }>)[0]!.n === 0) throw new Error('Max is neither waiting nor answered yet')
      },
      { timeout: 10_000, interval: 20 },
    )
    release()
    await holding
    const answer = expectOk(await maxSignup, ParticipationSchema, 201)
    expect(answer).toMatchObject({ status: 'not-eligible', ineligibleReasons: [{ code: 'household' }] })
  })
})
