// The new-campaigns digest, with the harness clock as the dev clock: eligible members who want it
// are told of each new campaign once, at most one digest a day, even with two sweeps at once.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS_PATH, MEMBER_INFO_PATH, NOTIFICATIONS_PATH } from '../../contract/paths'
import { digestDays, members, outbox } from '../db/schema'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { sendCampaignDigests } from './campaign-digest'
import { DEFAULT_NOTIFICATION_SETTINGS } from './members'

let h: Harness
let keen: TestMember
let quiet: TestMember
let newcomer: TestMember
let unplaced: TestMember
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  h = await createHarness()
  // A digest day is a calendar day (UTC): the test starts at the next midday, so that "later the
  // same day" is the same day whatever the hour the test runs at.
  const midday = new Date(h.clock.now())
  midday.setUTCHours(12, 0, 0, 0)
  if (midday.getTime() <= h.clock.now().getTime()) midday.setUTCDate(midday.getUTCDate() + 1)
  h.clock.set(midday)
  ;[keen, quiet, newcomer, unplaced] = await Promise.all([createTestMember(), createTestMember(), createTestMember(), createTestMember()])
  for (const member of [keen, quiet, newcomer]) await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
  // A member who has not saved an address yet.
  expect((await call(h.app, 'GET', MEMBER_INFO_PATH, { token: unplaced.bearer })).status).toBe(200)
  const off = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, newCampaigns: false } }
  expect((await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: quiet.bearer, body: off })).status).toBe(200)
})
afterAll(() => h?.close())

const digestsTo = async (email: string) =>
  (await h.deps.db.select().from(outbox).where(eq(outbox.recipient, email))).filter((row) => row.template === 'new-campaigns')

describe('the new-campaigns digest', () => {
  it('tells eligible members who want it of each new campaign once, in at most one message a day', async () => {
    const first = await createCampaign(h.deps.db, h.clock.now(), { phase: 'open' })
    // Open only to trusted testers: the newcomers are not told of it.
    const trustedOnly = await createCampaign(h.deps.db, h.clock.now(), { phase: 'open', eligibility: { minTier: 'trusted' } })
    const [a, b] = await Promise.all([sendCampaignDigests(h.deps, h.clock.now()), sendCampaignDigests(h.deps, h.clock.now())])
    expect(a.told + b.told).toBeGreaterThanOrEqual(2)
    const [digest] = await digestsTo(keen.email)
    expect(await digestsTo(keen.email)).toHaveLength(1)
    expect(digest!.body).toContain(`/en/ready-to-test/${first.campaignId}`)
    expect(digest!.body).not.toContain(trustedOnly.campaignId)
    expect(await digestsTo(quiet.email)).toHaveLength(0)

    // Later the same day a second campaign opens: it waits for tomorrow's digest.
    h.clock.advance(3_600_000)
    const second = await createCampaign(h.deps.db, h.clock.now(), { phase: 'open' })
    await sendCampaignDigests(h.deps, h.clock.now())
    expect(await digestsTo(keen.email)).toHaveLength(1)
    h.clock.advance(DAY)
    // One member per batch: every member is still reached, each once.
    await sendCampaignDigests(h.deps, h.clock.now(), 1)
    const digests = await digestsTo(newcomer.email)
    expect(digests).toHaveLength(2)
    expect(await digestsTo(keen.email)).toHaveLength(2)
    expect(digests[1]!.body).toContain(second.campaignId)
    expect(digests[1]!.body).not.toContain(first.campaignId)
    expect(digests[1]!.headers).toHaveProperty('List-Unsubscribe')
  })

  it('looks at a member with nothing to be told once a day, not at every sweep', async () => {
    const opened = await createCampaign(h.deps.db, h.clock.now(), { phase: 'open' })
    const day = () => h.clock.now().toISOString().slice(0, 10)
    const settled = async () =>
      h.deps.db
        .select({ told: digestDays.told })
        .from(digestDays)
        .innerJoin(members, eq(members.id, digestDays.memberId))
        .where(and(eq(members.uid, unplaced.uid), eq(digestDays.day, day())))
    // No saved address: no country, so no campaign is theirs to sign up for. The day is settled untold.
    await sendCampaignDigests(h.deps, h.clock.now())
    expect(await settled()).toEqual([{ told: false }])
    expect(await digestsTo(unplaced.email)).toHaveLength(0)
    // Their address saved an hour later: the sweeps of that day leave them be; the next day's tells them.
    await call(h.app, 'PUT', ADDRESS_PATH, { token: unplaced.bearer, body: GOOD_ADDRESS })
    h.clock.advance(3_600_000)
    await sendCampaignDigests(h.deps, h.clock.now())
    expect(await digestsTo(unplaced.email)).toHaveLength(0)
    h.clock.advance(DAY)
    await sendCampaignDigests(h.deps, h.clock.now())
    const [digest] = await digestsTo(unplaced.email)
    expect(digest!.body).toContain(opened.campaignId)
    expect(await settled()).toEqual([{ told: true }])
  })
})
