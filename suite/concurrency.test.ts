// Limits that must hold across concurrent requests, on real PostgreSQL (TEST_DATABASE_URL).
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberSummarySchema } from '../contract/members'
import { ParticipationSchema } from '../contract/participations'
import { API_MEMBER_PATH, DISCOUNT_CODE_PATH, EMAIL_OTP_SEND_PATH, EMAIL_OTP_VERIFY_PATH, PROCESS_SIGNUP_PATH } from '../contract/paths'
import { addresses, ledgerEntries, otpCodes, participations, redemptions } from './db/schema'
import { credit, pointsBalance } from './services/ledger'
import { createCampaign } from './test/fixtures'
import { call, createHarness, expectOk, type Harness } from './test/harness'
import { createTestMember, type TestMember } from './test/members'
import { lastCodeSentTo } from './test/outbox'
import { createTestDatabase } from './test/postgres'

const SIGNUPS = 200
const QUOTA = 20

/**
 * The setup talks to the Auth emulator (creating users, then each member's first call looks its user
 * up) 25 at a time: 200 lookups at once can fail in the emulator on a busy machine, and the member API
 * rightly answers 500 when Firebase cannot be asked. The load under test comes after, when every
 * user's record is remembered and the emulator is not asked again.
 */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const result: R[] = []
  for (let i = 0; i < items.length; i += 25) result.push(...(await Promise.all(items.slice(i, i + 25).map(work))))
  return result
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL', () => {
  let h: Harness
  let testers: TestMember[]

  beforeAll(async () => {
    // Errors are logged (to stderr): a 500 under this load must leave its cause in the test output.
    h = await createHarness({ database: await createTestDatabase({ maxConnections: 20 }), logger: pino({ level: 'error' }, pino.destination(2)) })
    testers = await inBatches(Array.from({ length: SIGNUPS }), () => createTestMember())
    // Provision member records and addresses (eligibility needs a shipping address).
    const ids = await inBatches(testers, async (t) => expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: t.bearer }), MemberSummarySchema).id)
    const now = h.clock.now()
    await h.deps.db
      .insert(addresses)
      .values(ids.map((memberId) => ({ memberId, name: 'T', line1: 'Street 1', postalCode: '10115', city: 'Berlin', country: 'DE', updatedAt: now })))
  }, 360_000)
  afterAll(() => h?.close())

  it(`holds the quota: ${SIGNUPS} concurrent sign-ups for ${QUOTA} places`, async () => {
    const c = await createCampaign(h.deps.db, h.clock.now(), { quota: QUOTA })
    const body = { campaignId: c.campaignId }
    // Every tester signs up once, and the first 20 also double-click.
    const requests = [...testers, ...testers.slice(0, 20)].map((t) => call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: t.bearer, body }))
    const results = await Promise.all(requests)
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    expect(results.filter((r) => r.status === 201)).toHaveLength(SIGNUPS)
    expect(results.filter((r) => r.status === 409)).toHaveLength(20)
    const statuses = results.filter((r) => r.status === 201).map((r) => expectOk(r, ParticipationSchema, 201).status)
    expect(statuses.filter((s) => s === 'selected')).toHaveLength(QUOTA)
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(SIGNUPS - QUOTA)

    const rows = await h.deps.db.select().from(participations).where(eq(participations.flightId, c.flightId))
    expect(rows).toHaveLength(SIGNUPS)
    expect(new Set(rows.map((r) => r.memberId)).size).toBe(SIGNUPS)
    expect(rows.filter((r) => r.status === 'selected')).toHaveLength(QUOTA)
  }, 180_000)

  it('never lets 20 concurrent redemptions take the balance below zero', async () => {
    const [member] = testers
    const summary = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: member!.bearer }), MemberSummarySchema)
    await credit(h.deps.db, summary.id, { points: 1000, reason: 'Concurrency test', key: 'concurrency-test' }, h.clock.now())
    const sameRequest = crypto.randomUUID()
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: member!.bearer, body: { rewardId: 'voucher-5', requestId: crypto.randomUUID() } }),
      ),
      ...Array.from({ length: 5 }, () =>
        call(h.app, 'POST', DISCOUNT_CODE_PATH, { token: member!.bearer, body: { rewardId: 'voucher-5', requestId: sameRequest } }),
      ),
    ])
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    const balance = await pointsBalance(h.deps.db, summary.id)
    expect(balance).toBeGreaterThanOrEqual(0)
    const done = await h.deps.db.select().from(redemptions).where(eq(redemptions.memberId, summary.id))
    expect(done).toHaveLength(2)
    expect(balance).toBe(1000 - 2 * 500 + (await missionPoints(summary.id)))
    expect(done.filter((d) => d.requestId === sameRequest).length).toBeLessThanOrEqual(1)
  }, 180_000)

  it('counts at most 5 of 20 concurrent wrong one-time-code guesses', async () => {
    const member = testers[1]!
    const target = `race-${member.uid.toLowerCase()}@example.test`
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: member.bearer, body: { email: target } }), v.unknown())
    const code = await lastCodeSentTo(h.app, target)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(h.app, 'POST', EMAIL_OTP_VERIFY_PATH, { token: member.bearer, body: { email: target, code: wrong } })),
    )
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    expect(results.filter((r) => r.status === 400)).toHaveLength(4)
    expect(results.filter((r) => r.status === 429)).toHaveLength(16)
    const [row] = await h.deps.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.target, target)))
    expect(row?.attempts).toBe(5)
  }, 180_000)

  async function missionPoints(memberId: string): Promise<number> {
    const rows = await h.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, memberId))
    return rows.filter((r) => r.idempotencyKey.startsWith('mission:')).reduce((s, r) => s + r.points, 0)
  }
})
