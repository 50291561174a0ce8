// One slow query cannot hold the pool: a statement of a member call runs at most the short limit
// and is then cancelled by PostgreSQL (the call answers 503 with the reason statement-timeout, and
// the log says so), while an export's reads and background jobs run on connections of their own
// with the long limit. PostgreSQL only (TEST_DATABASE_URL): PGlite, local mode's one embedded
// connection, has no statement limit.
import { sql } from 'drizzle-orm'
import pino from 'pino'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath } from '../../contract/paths'
import { createCampaign, insertReviews } from '../test/fixtures'
import { call, createHarness, credentialHeaders, type Harness } from '../test/harness'
import { createTestMember } from '../test/members'
import { createTestDatabase } from '../test/postgres'
import { createTestStaff } from '../test/staff'
import { isStatementCancelled } from './statement-limits'

// The calls' limit here: far above what one of their statements takes, even on a busy machine.
const SHORT_MS = 1_000
const LONG_MS = 60_000

describe.skipIf(!process.env.TEST_DATABASE_URL)('statement time limits', () => {
  let h: Harness
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let other: postgres.Sql
  const logLines: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 5, statementTimeoutMs: SHORT_MS, longStatementTimeoutMs: LONG_MS })
    h = await createHarness({ database, logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) })
    // Another session (a migration, a person at psql) that holds a table locked while the calls wait.
    other = postgres(database.url, { max: 2, onnotice: () => {} })
  })
  afterAll(async () => {
    await other?.end()
    await h?.close()
  })

  /** Holds `table` locked in another session until `release` is called. */
  async function lockTable(table: 'members' | 'reviews') {
    const connection = await other.reserve()
    await connection.unsafe('begin')
    await connection.unsafe(`lock table ${table} in access exclusive mode`)
    return async () => {
      await connection.unsafe('rollback')
      connection.release()
    }
  }

  /** How long the longest statement waiting for a lock on `table` has waited, in milliseconds (0: none waits). */
  async function longestLockWait(table: string): Promise<number> {
    const [row] = await other<Array<{ ms: number | null }>>`
      select max(extract(epoch from clock_timestamp() - a.query_start) * 1000)::float8 as ms
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and l.relation = ${table}::regclass`
    return row?.ms ?? 0
  }

  it("cancels a statement past the short limit in a call's session, and lets it run in the long work's", async () => {
    const slow = sql`select pg_sleep(${(SHORT_MS * 3) / 1000})`
    const cancelled = await database.db.execute(slow).then(
      () => null,
      (error: unknown) => error,
    )
    expect(isStatementCancelled(cancelled)).toBe(true)
    await expect(database.long.execute(slow)).resolves.toBeDefined()
  })

  it('answers a member call whose statement was cancelled with 503 and the reason statement-timeout, and logs it', async () => {
    const member = await createTestMember()
    // Made on a first call, before the table is held.
    expect((await call(h.app, 'GET', ENDPOINTS.getMember.path, { token: member.bearer })).status).toBe(200)
    const release = await lockTable('members')
    try {
      const answer = await call(h.app, 'GET', ENDPOINTS.getMember.path, { token: member.bearer })
      expect(answer.status).toBe(503)
      expect(answer.json).toMatchObject({ status: 'UNAVAILABLE', reason: { code: 'statement-timeout' } })
    } finally {
      await release()
    }
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; level: number })
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'statement cancelled: past its time limit', level: 40 }))
    // The pool is whole again: the next call is answered.
    expect((await call(h.app, 'GET', ENDPOINTS.getMember.path, { token: member.bearer })).status).toBe(200)
  })

  it("lets an export's reads wait past the short limit: they run with the long one", async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { phase: 'completed' })
    await insertReviews(h.deps.db, h.clock.now(), campaign, 3, { tag: 'slow' })
    const manager = await createTestStaff(h.deps.db, ['campaign-manager'])
    const response = await h.app.request(`/${fillPath(ENDPOINTS.opsCampaignReviewsCsv.path, { id: campaign.campaignId })}`, {
      headers: credentialHeaders(manager.bearer),
    })
    expect(response.status).toBe(200)
    const release = await lockTable('reviews')
    let text: Promise<string>
    try {
      text = response.text()
      // The export's read waits for the table, longer than a call's statement may run.
      await expect.poll(() => longestLockWait('reviews'), { timeout: LONG_MS / 2 }).toBeGreaterThan(SHORT_MS * 2)
    } finally {
      await release()
    }
    const csv = await text
    expect(csv.match(/review slow-/g)?.length).toBe(3)
  })
})
