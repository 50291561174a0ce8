// The job runner on the test's database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL):
// a sweep queued runs once, with the member API's clock; a failing one is tried again; with two
// runners on one PostgreSQL (two member-API processes), a queued sweep is worked by one of them.
// A sweep's statements run on the long work's connections.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { campaigns, flights, participations } from '../db/schema'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectOk, openTestDatabase, type Harness } from '../test/harness'
import { createTestMember } from '../test/members'
import { ADDRESS_PATH, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { ParticipationSchema } from '../../contract/participations'
import { createJobRunner, SWEEPS, type JobRunner, type Sweep } from './runner'

let database: Database
let h: Harness
const runners: JobRunner[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  h = await createHarness({ database })
})
afterAll(async () => {
  for (const runner of runners) await runner.stop(2000)
  await h?.close()
})

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** How many jobs of the sweep are waiting, due for a retry or running (PostgreSQL: postgres.js answers the rows themselves). */
async function jobsInHand(name: string): Promise<number> {
  const rows = await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`)
  return (rows as unknown as Array<{ n: number }>)[0]!.n
}

/** A sweep that counts its runs and the clock they read, failing its first `failures` runs. */
function countingSweep(failures = 0) {
  const runs: Date[] = []
  const databases: unknown[] = []
  const sweep: Sweep = {
    cron: '0 0 1 1 *',
    async run(deps, now) {
      runs.push(now)
      databases.push(deps.db)
      if (runs.length <= failures) throw new Error('provider down')
    },
  }
  return { sweep, runs, databases }
}

describe('the job runner', () => {
  it('runs each sweep once at start, with the member API clock, and once more when queued', async () => {
    const counting = countingSweep()
    const runner = createJobRunner(h.deps, database.jobStore, { sweeps: { counting: counting.sweep }, pollingIntervalSeconds: 0.5 })
    runners.push(runner)
    h.clock.set(new Date('2031-05-01T08:00:00.000Z'))
    await runner.start()
    await until(() => counting.runs.length === 1, 'the first run')
    expect(counting.runs[0]?.toISOString()).toBe('2031-05-01T08:00:00.000Z')
    // On the long work's connections, with their statement limit (PostgreSQL: a pool of their own).
    expect(counting.databases[0]).toBe(database.long)
    // Queued once the first run has ended: while a run of the sweep is active, the one queued is refused (null).
    await until(async () => (await runner.runNow('counting')) !== null, 'the sweep queued again')
    await until(() => counting.runs.length === 2, 'the queued run')
    await expect(runner.runNow('nothing-like-it')).rejects.toThrow('No sweep named nothing-like-it')
  }, 180_000)

  it('the real sweep tells a curated flight’s applicants not chosen once its sign-up has closed', async () => {
    const fixture = await createCampaign(h.deps.db, h.clock.now())
    await h.deps.db.update(campaigns).set({ selectionMode: 'curated' }).where(eq(campaigns.id, fixture.campaignId))
    const member = await createTestMember()
    await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
    const applied = expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: fixture.campaignId } }),
      ParticipationSchema,
      201,
    )
    expect(applied.status).toBe('applied')
    await h.deps.db
      .update(flights)
      .set({ signupClosesAt: new Date(h.clock.now().getTime() - 60_000) })
      .where(eq(flights.id, fixture.flightId))
    const runner = createJobRunner(h.deps, database.jobStore, { sweeps: { 'tell-unchosen': SWEEPS['tell-unchosen'] }, pollingIntervalSeconds: 0.5 })
    runners.push(runner)
    await runner.start()
    const statusOf = async () =>
      (await h.deps.db.select({ status: participations.status }).from(participations).where(eq(participations.id, applied.id)))[0]?.status
    await until(async () => (await statusOf()) === 'not-selected', 'the applicant told')
  }, 180_000)

  it('tries a failing sweep again', async () => {
    const flaky = countingSweep(1)
    const runner = createJobRunner(h.deps, database.jobStore, { sweeps: { flaky: flaky.sweep }, pollingIntervalSeconds: 0.5 })
    runners.push(runner)
    await runner.start()
    // The first retry waits 30 s in production; here the queue's row is moved forward to now.
    await until(() => flaky.runs.length === 1, 'the failing run')
    await until(async () => {
      await database.db.execute(sql`update pgboss.job set start_after = now() where name = 'flaky' and state = 'retry'`)
      return flaky.runs.length === 2
    }, 'the retry')
  }, 180_000)

  it.runIf(process.env.TEST_DATABASE_URL)(
    'with two runners on one PostgreSQL, a queued sweep is worked by one of them',
    async () => {
      const shared = countingSweep()
      const [a, b] = [0, 1].map(() => createJobRunner(h.deps, database.jobStore, { sweeps: { shared: shared.sweep }, pollingIntervalSeconds: 0.5 }))
      runners.push(a!, b!)
      // Both start at once: the schema is installed under pg-boss's lock, each queues its start-up run.
      await Promise.all([a!.start(), b!.start()])
      // The start-up runs (one or two: the second runner's is refused while the first's waits or runs)
      // are over once no job of the sweep is waiting, due for a retry or running.
      await until(() => shared.runs.length >= 1, 'the start-up runs')
      await until(async () => (await jobsInHand('shared')) === 0, 'the start-up runs to end')
      const before = shared.runs.length
      // One job, two runners polling for it: claimed once.
      expect(await a!.runNow('shared')).not.toBeNull()
      await until(() => shared.runs.length > before, 'the queued run')
      await new Promise((resolve) => setTimeout(resolve, 2000))
      expect(shared.runs.length).toBe(before + 1)
    },
    60_000,
  )
})
