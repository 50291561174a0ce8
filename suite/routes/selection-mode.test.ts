// A campaign's selection mode: first come first served gives places at sign-up (then a waitlist);
// curated keeps applications as 'applied' until staff choose, and once the flight's sign-up has
// closed those not chosen become 'not-selected' and are told by e-mail, once each.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignDetailSchema } from '../../contract/campaigns'
import { ENDPOINTS } from '../../contract/endpoints'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, CAMPAIGN_PARTICIPATION_PATH, fillPath, PROCESS_SIGNUP_PATH, PUBLIC_CAMPAIGN_PATH } from '../../contract/paths'
import { SelectionResultSchema } from '../../contract/ops-applicants'
import { auditLog, campaigns, flights, participations } from '../db/schema'
import { runOpsCommand } from '../ops-commands'
import { tellUnchosen } from '../services/unchosen'
import { createCampaign, ownAddress, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { messagesTo } from '../test/outbox'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember

beforeAll(async () => {
  h = await createHarness()
  manager = await createTestStaff(h.deps.db, ['campaign-manager'])
})
afterAll(() => h?.close())

async function curatedCampaign(quota: number): Promise<CampaignFixture> {
  const fixture = await createCampaign(h.deps.db, h.clock.now(), { quota })
  await h.deps.db.update(campaigns).set({ selectionMode: 'curated' }).where(eq(campaigns.id, fixture.campaignId))
  return fixture
}

/** A member with a saved address who has signed up for the campaign. */
async function applicant(campaign: CampaignFixture, name: string) {
  const member = await createTestMember({ displayName: name })
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: { ...ownAddress(), name } })
  const participation = expectOk(
    await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
    ParticipationSchema,
    201,
  )
  return { member, participationId: participation.id, status: participation.status }
}
type Applicant = Awaited<ReturnType<typeof applicant>>

const select = (campaign: CampaignFixture, ids: string[]) =>
  call(h.app, 'POST', fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId }), { token: manager.bearer, body: { participationIds: ids } })

const statusOf = async (a: Applicant) => {
  const [row] = await h.deps.db.select({ status: participations.status }).from(participations).where(eq(participations.id, a.participationId))
  return row?.status
}

const withdraw = (campaign: CampaignFixture, a: Applicant) =>
  call(h.app, 'PATCH', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: a.participationId }), {
    token: a.member.bearer,
    body: { action: 'withdraw' },
  })

const detail = async (campaign: CampaignFixture) =>
  expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: campaign.slug })), CampaignDetailSchema)

/** The flight's sign-up closed a minute ago (testing starts later, as the fixture's dates do). */
const closeSignup = (campaign: CampaignFixture) =>
  h.deps.db
    .update(flights)
    .set({ signupClosesAt: new Date(h.clock.now().getTime() - 60_000) })
    .where(eq(flights.id, campaign.flightId))

const subjectsTo = async (member: TestMember) => (await messagesTo(h.app, member.email)).map((m) => m.subject ?? '')
const NOT_CHOSEN = 'Not chosen this time: '
const notChosenMails = async (member: TestMember) => (await subjectsTo(member)).filter((s) => s.startsWith(NOT_CHOSEN)).length
const selectedMails = async (member: TestMember) => (await subjectsTo(member)).filter((s) => s.startsWith("You're in")).length

describe('curated selection', () => {
  it('keeps applications as applied, lets staff choose, and tells once those not chosen when sign-up has closed', async () => {
    const campaign = await curatedCampaign(2)
    expect((await detail(campaign)).selectionMode).toBe('curated')

    const [chosen, late, left, other] = [
      await applicant(campaign, 'Chosen'),
      await applicant(campaign, 'Chosen Late'),
      await applicant(campaign, 'Left Out'),
      await applicant(campaign, 'Also Left Out'),
    ]
    // Applying takes no place and joins no waitlist.
    expect([chosen, late, left, other].map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied'])
    expect((await detail(campaign)).flights[0]).toMatchObject({ placesLeft: 2, selectedCount: 0, waitlistCount: 0 })

    expectOk(await select(campaign, [chosen.participationId]), SelectionResultSchema)
    expect(await statusOf(chosen)).toBe('selected')
    expect(await selectedMails(chosen.member)).toBe(1)

    // Nothing is told while sign-up is open.
    await tellUnchosen(h.deps, h.clock.now())
    expect(await statusOf(left)).toBe('applied')

    // Sign-up closed: a selection before the sweep still counts.
    await closeSignup(campaign)
    expectOk(await select(campaign, [late.participationId]), SelectionResultSchema)

    expect(await tellUnchosen(h.deps, h.clock.now())).toEqual({ flights: 1, told: 2 })
    expect([await statusOf(chosen), await statusOf(late), await statusOf(left), await statusOf(other)]).toEqual([
      'selected',
      'selected',
      'not-selected',
      'not-selected',
    ])
    expect([await notChosenMails(left.member), await notChosenMails(other.member)]).toEqual([1, 1])
    expect([await notChosenMails(chosen.member), await notChosenMails(late.member)]).toEqual([0, 0])
    const [told] = await messagesTo(h.app, left.member.email)
    expect(told?.body).toContain('"Test campaign"')

    // The member sees where they stand; there is nothing left to withdraw from.
    const seen = expectOk(
      await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: left.participationId }), { token: left.member.bearer }),
      ParticipationSchema,
    )
    expect(seen.status).toBe('not-selected')
    expect(expectError(await withdraw(campaign, left), 'CONFLICT', 409).message).toBe('You are not taking part in this test')

    // A second sweep, or the operator's command, sends nothing more.
    expect(await tellUnchosen(h.deps, h.clock.now())).toEqual({ flights: 0, told: 0 })
    expect(await runOpsCommand(h.deps, { command: 'tell-unchosen' })).toEqual({ flights: 0, told: 0 })
    expect([await notChosenMails(left.member), await notChosenMails(other.member)]).toEqual([1, 1])

    // A place freed later may still go to an applicant told they were not chosen: they are told they are in.
    expect((await withdraw(campaign, chosen)).status).toBe(200)
    expect(await statusOf(left)).toBe('not-selected')
    expectOk(await select(campaign, [left.participationId]), SelectionResultSchema)
    expect(await statusOf(left)).toBe('selected')
    expect(await selectedMails(left.member)).toBe(1)
    const [entry] = await h.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, left.participationId), eq(auditLog.action, 'participation.select')))
    expect(entry?.changes).toEqual({ before: { status: 'not-selected' }, after: { status: 'selected' } })
  })

  it('tells each applicant once when several sweeps run at the same moment', async () => {
    const campaign = await curatedCampaign(1)
    const applicants = await Promise.all(['One', 'Two', 'Three', 'Four'].map((name) => applicant(campaign, name)))
    await closeSignup(campaign)
    const runs = await Promise.all(Array.from({ length: 4 }, () => tellUnchosen(h.deps, h.clock.now())))
    expect(runs.reduce((sum, run) => sum + run.flights, 0)).toBe(1)
    expect(runs.reduce((sum, run) => sum + run.told, 0)).toBe(4)
    for (const a of applicants) {
      expect(await statusOf(a)).toBe('not-selected')
      expect(await notChosenMails(a.member)).toBe(1)
    }
    const [flight] = await h.deps.db.select({ toldAt: flights.unchosenToldAt }).from(flights).where(eq(flights.id, campaign.flightId))
    expect(flight?.toldAt).not.toBeNull()
  })

  it('frees a withdrawn tester’s place without giving it to anyone: staff choose', async () => {
    const campaign = await curatedCampaign(1)
    const [first, second] = [await applicant(campaign, 'First'), await applicant(campaign, 'Second')]
    expectOk(await select(campaign, [first.participationId]), SelectionResultSchema)
    expect(expectError(await select(campaign, [second.participationId]), 'CONFLICT', 409).message).toBe('The flight is full')
    // Even a member left waitlisted (a campaign turned curated after sign-ups) is not promoted.
    const third = await applicant(campaign, 'Third')
    await h.deps.db.update(participations).set({ status: 'waitlisted' }).where(eq(participations.id, third.participationId))

    expect((await withdraw(campaign, first)).status).toBe(200)
    expect([await statusOf(second), await statusOf(third)]).toEqual(['applied', 'waitlisted'])
    expect((await detail(campaign)).flights[0]).toMatchObject({ placesLeft: 1, selectedCount: 0 })
    expect(await selectedMails(second.member)).toBe(0)
    expectOk(await select(campaign, [second.participationId]), SelectionResultSchema)
    expect(await statusOf(second)).toBe('selected')
  })
})

describe('first come first served', () => {
  it('gives places at sign-up, waitlists the rest, promotes on withdrawal, and is left alone by the sweep', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    expect((await detail(campaign)).selectionMode).toBe('first-come')
    const [first, second] = [await applicant(campaign, 'Quick'), await applicant(campaign, 'Slower')]
    expect([first.status, second.status]).toEqual(['selected', 'waitlisted'])
    expect((await withdraw(campaign, first)).status).toBe(200)
    expect(await statusOf(second)).toBe('selected')

    // An 'applied' row of a first-come flight (the demo data writes some on its way to selecting) is no curated applicant.
    const third = await applicant(campaign, 'Third')
    await h.deps.db.execute(sql`update participations set status = 'applied' where id = ${third.participationId}`)
    await closeSignup(campaign)
    expect(await tellUnchosen(h.deps, h.clock.now())).toEqual({ flights: 0, told: 0 })
    expect(await statusOf(third)).toBe('applied')
    expect(await notChosenMails(third.member)).toBe(0)
  })
})
