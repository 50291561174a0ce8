// The read replica against a real one: a streaming replica of the test server made by the test
// (scripts/lib/pg-replica.mjs). The public pages' data is read from it, and may lag; what a member
// changed is read from the primary at once; when the replica goes down, the public calls answer
// from the primary.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ParticipationListSchema, ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, fillPath, PARTICIPATIONS_PATH, PROCESS_SIGNUP_PATH, PUBLIC_CAMPAIGN_PATH } from '../../contract/paths'
import { replicaUnavailable, startReplica } from '../../scripts/lib/pg-replica.mjs'
import { campaigns } from './schema'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember } from '../test/members'
import { createTestDatabase } from '../test/postgres'
import { createSuiteMetrics } from '../metrics/registry'
import pino from 'pino'

const base = process.env.TEST_DATABASE_URL
const cannot = base ? replicaUnavailable() : 'TEST_DATABASE_URL is not set'

/**
 * Resolves once `check` holds, trying for up to 30 s (replay on a busy machine can lag by seconds). A
 * check that throws has not held yet (a replica that has not replayed a table yet says it does not
 * exist); the last error is told if it never holds.
 */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 30_000
  let lastError: unknown
  for (;;) {
    try {
      if (await check()) return
    } catch (error) {
      lastError = error
    }
    if (Date.now() > until) throw new Error('did not happen within 30 s', { cause: lastError })
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.skipIf(cannot !== null)('a streaming read replica', () => {
  let replica: Awaited<ReturnType<typeof startReplica>>
  let h: Harness

  beforeAll(async () => {
    replica = await startReplica(base!)
    // Reads that must be seen on the replica wait for its connection even on a busy machine (a slow
    // connect would send them to the primary); a crashed replica refuses at once all the same.
    h = await createHarness({ database: await createTestDatabase({ replicaPort: replica.port, replicaConnectTimeoutSeconds: 30 }) })
  }, 360_000)
  afterAll(async () => {
    await h?.close()
    await replica?.stop()
  })

  /** The replica's figures as Prometheus would scrape them (suite/metrics/registry.ts). */
  let metrics: ReturnType<typeof createSuiteMetrics> | null = null
  const replicaFigure = async (name: 'db_replica_lag_seconds' | 'db_replica_up') => {
    metrics ??= createSuiteMetrics({ logger: pino({ level: 'silent' }), replica: h.database.replica })
    // A scrape reads the figures.
    await metrics.registry.metrics()
    return (await metrics.registry.getSingleMetric(name)!.get()).values[0]?.value
  }

  const publicPage = (slug: string) => call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: slug }))

  it('serves the public pages from the replica, which may lag, and a member’s own data from the primary at once', async () => {
    // First the replica catches up with the primary: this test's database, its tables and rows.
    await eventually(async () => (await h.deps.reads((db) => db.select().from(campaigns))).length === (await h.deps.db.select().from(campaigns)).length)
    const inRecovery = (rows: unknown) => (rows as Array<{ r: boolean }>)[0]!.r
    expect(inRecovery(await h.deps.reads((db) => db.execute(sql`select pg_is_in_recovery() as r`)))).toBe(true)
    expect(inRecovery(await h.deps.db.execute(sql`select pg_is_in_recovery() as r`))).toBe(false)

    // The replica lags: a campaign published now is not on its public page yet…
    await replica.pause()
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    expect((await publicPage(campaign.slug)).status).toBe(404)
    // The metrics say it lags: it received what it has not replayed.
    await eventually(async () => ((await replicaFigure('db_replica_lag_seconds')) ?? 0) > 0)
    expect(await replicaFigure('db_replica_up')).toBe(1)
    // …but a member who signs up to it sees their participation at once (read from the primary).
    const member = await createTestMember()
    expect((await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })).status).toBe(200)
    const participation = expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
      ParticipationSchema,
      201,
    )
    const mine = expectOk(await call(h.app, 'GET', PARTICIPATIONS_PATH, { token: member.bearer }), ParticipationListSchema)
    expect(mine.items.map((p) => p.id)).toContain(participation.id)

    // Replay resumes: the public page catches up.
    await replica.resume()
    await eventually(async () => (await publicPage(campaign.slug)).status === 200)
    await eventually(async () => (await replicaFigure('db_replica_lag_seconds')) === 0)
  }, 270_000) // room for both waits for the replica (30 s each)

  it('answers the public pages from the primary when the replica is down', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await h.deps.db.update(campaigns).set({ title: 'Written on the primary' }).where(eq(campaigns.id, campaign.campaignId))
    await replica.crash()
    const page = await publicPage(campaign.slug)
    expect(page.status).toBe(200)
    expect((page.json as { data: { title: string } }).data.title).toBe('Written on the primary')
    // And again while the replica is left alone (no wait for its connection each time).
    expect((await publicPage(campaign.slug)).status).toBe(200)
    // The metrics say it does not answer, and give no lag they could not read.
    expect(await replicaFigure('db_replica_up')).toBe(0)
    expect(await replicaFigure('db_replica_lag_seconds')).toBeNaN()
  })
})
