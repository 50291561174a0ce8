// Reminders with the harness clock as the dev clock: a delivered product's review reminded 3 days
// before its due date and on the day, once each; nothing once the review is in; overdue once;
// nothing for a withdrawn buyer; two sweeps at once send each reminder once.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, CAMPAIGN_PARTICIPATION_PATH, fillPath, FLIGHT_REVIEW_PATH, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { flights, outbox, participations, remindersSent } from '../db/schema'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { deliver, ship } from './operations'
import { commandLineActor } from '../actors/actor'
import { remindersOf, sendReminders } from './reminders'

let h: Harness
let start: Date
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  h = await createHarness()
  start = h.clock.now()
})
afterAll(() => h?.close())

async function tester(campaign: CampaignFixture): Promise<{ member: TestMember; participationId: string }> {
  const member = await createTestMember()
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
  const p = expectOk(
    await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
    ParticipationSchema,
    201,
  )
  return { member, participationId: p.id }
}

async function dueOf(campaign: CampaignFixture): Promise<number> {
  const [flight] = await h.deps.db.select({ due: flights.reviewDueAt }).from(flights).where(eq(flights.id, campaign.flightId))
  return flight!.due.getTime()
}

const remindersTo = async (email: string) =>
  (await h.deps.db.select().from(outbox).where(eq(outbox.recipient, email))).filter((row) => row.topic === 'reminders')

describe('reminders', () => {
  it('reminds a delivered product’s review 3 days before and on the day, once each, then stops once the review is in', async () => {
    h.clock.set(start)
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { tasks: { questionnaire: false, social: false } })
    const { member, participationId } = await tester(campaign)
    await ship(h.deps, participationId, 'DHL', 'JD1', commandLineActor())
    await deliver(h.deps, participationId, commandLineActor())
    const due = await dueOf(campaign)

    h.clock.set(new Date(due - 10 * DAY))
    await sendReminders(h.deps, h.clock.now())
    expect(await remindersOf(h.deps, participationId)).toEqual([])

    h.clock.set(new Date(due - 2.5 * DAY))
    await sendReminders(h.deps, h.clock.now())
    await sendReminders(h.deps, h.clock.now())
    expect(await remindersOf(h.deps, participationId)).toEqual(['due-in-3-days'])
    const [email] = await remindersTo(member.email)
    expect(email).toMatchObject({ subject: 'Your review is due in 3 days', template: 'reminder-due' })
    expect(email!.body).toContain(`/en/member/campaigns/${campaign.campaignId}`)
    expect(Object.keys(email!.headers ?? {})).toEqual(expect.arrayContaining(['List-Unsubscribe', 'List-Unsubscribe-Post']))

    h.clock.set(new Date(due - 0.5 * DAY))
    await sendReminders(h.deps, h.clock.now())
    expect(await remindersOf(h.deps, participationId)).toEqual(['due-in-3-days', 'due-today'])

    // The review is in: nothing more, not even when the date passes.
    const review = {
      participationId,
      rating: 4,
      title: 'Boils fast, pours clean',
      body: 'I used it every morning for three weeks. It boils a litre fast.',
      receivedForFree: true,
    }
    expect((await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: member.bearer, body: review })).status).toBe(201)
    h.clock.set(new Date(due + DAY))
    await sendReminders(h.deps, h.clock.now())
    expect(await remindersOf(h.deps, participationId)).toEqual(['due-in-3-days', 'due-today'])
    expect(await remindersTo(member.email)).toHaveLength(2)
  })

  it('says once when the due date has passed, with what it costs the standing', async () => {
    h.clock.set(start)
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    const { member, participationId } = await tester(campaign)
    await ship(h.deps, participationId, 'DHL', 'JD2', commandLineActor())
    await deliver(h.deps, participationId, commandLineActor())
    h.clock.set(new Date((await dueOf(campaign)) + 3_600_000))
    await Promise.all([sendReminders(h.deps, h.clock.now()), sendReminders(h.deps, h.clock.now())])
    h.clock.advance(DAY)
    await sendReminders(h.deps, h.clock.now())
    expect(await remindersOf(h.deps, participationId)).toEqual(['overdue'])
    const emails = await remindersTo(member.email)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.body).toContain('costs 15 points of your standing')
  })

  it('reminds a buyer of the purchase once, and nothing after they withdrew', async () => {
    h.clock.set(start)
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { kind: 'verified-purchase', tasks: { purchaseIntent: true } })
    const buyer = await tester(campaign)
    const quitter = await tester(campaign)
    expect(
      (
        await call(h.app, 'PATCH', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: quitter.participationId }), {
          token: quitter.member.bearer,
          body: { action: 'withdraw' },
        })
      ).status,
    ).toBe(200)
    await sendReminders(h.deps, h.clock.now())
    await sendReminders(h.deps, h.clock.now())
    expect(await remindersOf(h.deps, buyer.participationId)).toEqual(['purchase'])
    expect(await remindersOf(h.deps, quitter.participationId)).toEqual([])
    expect(await remindersTo(quitter.member.email)).toHaveLength(0)
  })

  it('reads its candidates in batches and reminds each, past the first batch too', async () => {
    h.clock.set(start)
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 1000 })
    await h.deps.db
      .update(flights)
      .set({ reviewDueAt: new Date(start.getTime() + 2.5 * DAY) })
      .where(eq(flights.id, campaign.flightId))
    // 520 testers holding the product (more than one batch of 500), written directly.
    const tag = crypto.randomUUID().slice(0, 8)
    await h.deps.db.execute(sql`
      insert into members (uid, email, email_verified, notification_settings, referral_code, created_at, updated_at)
      select 'batch-' || ${tag} || '-' || n, 'batch-' || ${tag} || '-' || n || '@example.test', true,
             '{"email": {"newCampaigns": false, "shipmentUpdates": false, "reminders": true, "newsletter": false}, "sms": {"newCampaigns": false, "shipmentUpdates": false, "reminders": false, "newsletter": false}}'::jsonb,
             upper(${tag}) || n, now(), now()
      from generate_series(1, 520) n`)
    await h.deps.db.execute(sql`
      insert into participations (member_id, campaign_id, flight_id, status, applied_at, selected_at, updated_at)
      select id, ${campaign.campaignId}, ${campaign.flightId}, 'delivered', now(), now(), now() from members where uid like ${`batch-${tag}-%`}`)
    const { sent } = await sendReminders(h.deps, h.clock.now())
    expect(sent).toBe(520)
    const [row] = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(remindersSent)
      .innerJoin(participations, eq(participations.id, remindersSent.participationId))
      .where(eq(participations.flightId, campaign.flightId))
    expect(row!.n).toBe(520)
    expect((await sendReminders(h.deps, h.clock.now())).sent).toBe(0)
  })
})
