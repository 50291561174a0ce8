import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_CAMPAIGN_PATH } from '../../contract/paths'
import { createSuiteApp, type SuiteApp } from '../app'
import type { Database } from '../db/client'
import { call, createHarness, type Harness } from '../test/harness'
import { createTestDatabase } from '../test/postgres'
import { createSuiteMetrics, UNMATCHED_ROUTE, type SuiteMetrics } from './registry'
import { startMetricsServer, type MetricsServer } from './server'

const silent = pino({ level: 'silent' })

/** The value of one series of a metric, by its labels; 0 when the series does not exist. */
async function valueOf(metrics: SuiteMetrics, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metrics.registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  const { values } = await metric.get()
  const found = values.find((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
  return found?.value ?? 0
}

describe('the member API metrics', () => {
  let h: Harness
  let metrics: SuiteMetrics
  let app: SuiteApp
  let server: MetricsServer

  beforeAll(async () => {
    h = await createHarness()
    metrics = createSuiteMetrics({
      logger: silent,
      db: h.database.db,
      queues: () => Promise.resolve([{ name: 'send-reminders', queuedCount: 3, activeCount: 1, failedCount: 2 }]),
    })
    app = createSuiteApp(h.deps, { metrics })
    server = await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await server?.close()
    await h?.close()
  })

  it('counts and times a request under its route pattern and status, never under its raw path', async () => {
    const pattern = `/${PUBLIC_CAMPAIGN_PATH}`
    const labels = { method: 'GET', route: pattern, status: '404' }
    const before = await valueOf(metrics, 'http_requests_total', labels)
    expect((await call(app, 'GET', PUBLIC_CAMPAIGN_PATH.replace(':idOrSlug', 'no-such-campaign-4711'))).status).toBe(404)
    expect((await call(app, 'GET', PUBLIC_CAMPAIGN_PATH.replace(':idOrSlug', 'another-unknown-one'))).status).toBe(404)
    expect(await valueOf(metrics, 'http_requests_total', labels)).toBe(before + 2)

    const text = await metrics.registry.metrics()
    expect(text).toContain(`http_request_duration_seconds_count{method="GET",route="${pattern}",status="404"} ${before + 2}`)
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${pattern}",status="404"}`)
    expect(text).not.toContain('no-such-campaign-4711')
  })

  it('counts a request no route took as unmatched, whatever its path', async () => {
    const before = await valueOf(metrics, 'http_requests_total', { route: UNMATCHED_ROUTE, status: '404' })
    expect((await call(app, 'GET', 'suite/api/nothing/here/123')).status).toBe(404)
    expect(await valueOf(metrics, 'http_requests_total', { route: UNMATCHED_ROUTE, status: '404' })).toBe(before + 1)
    expect(await metrics.registry.metrics()).not.toContain('nothing/here')
  })

  it('reads the outbox waiting and the job queues when scraped, and counts the outcomes told', async () => {
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'metrics@example.com', subject: 'Hi', body: 'Hello' })
    const counted: unknown = await h.database.db.execute(
      sql`select count(*) as n from outbox where sent_at is null and failed_at is null and withheld_at is null`,
    )
    // postgres.js answers an array of rows, PGlite an object holding them.
    const rows = (Array.isArray(counted) ? counted : (counted as { rows: unknown[] }).rows) as Array<{ n: string }>
    const waiting = Number(rows[0]?.n)
    expect(await valueOf(metrics, 'outbox_messages_waiting')).toBe(waiting)
    expect(waiting).toBeGreaterThanOrEqual(1)
    expect(await valueOf(metrics, 'outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(0)

    expect(await valueOf(metrics, 'jobs_queued', { queue: 'send-reminders' })).toBe(3)
    expect(await valueOf(metrics, 'jobs_failed', { queue: 'send-reminders' })).toBe(2)
    metrics.jobRun('send-reminders', 'failed')
    metrics.outboxOutcome('email', 'failed')
    expect(await valueOf(metrics, 'job_runs_total', { queue: 'send-reminders', outcome: 'failed' })).toBe(1)
    expect(await valueOf(metrics, 'outbox_messages_total', { channel: 'email', outcome: 'failed' })).toBe(1)
  })

  it('reads the outbox once per scrape for its two gauges, and again at the next scrape', async () => {
    let reads = 0
    const counting = {
      execute: async () => {
        reads++
        return [{ count: String(reads), oldest: null }]
      },
    } as unknown as Database['db']
    const scraped = createSuiteMetrics({ logger: silent, db: counting })
    expect(await scraped.registry.metrics()).toContain('outbox_messages_waiting 1')
    expect(reads).toBe(1)
    // Straight after, in the same turn of the event loop: a new read, not the last one's figure.
    expect(await scraped.registry.metrics()).toContain('outbox_messages_waiting 2')
    expect(reads).toBe(2)
  })

  it('gives NaN, never a healthy-looking 0, for a figure the database did not answer, and says why in the log', async () => {
    const warnings: string[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) })
    const down = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database['db']
    const broken = createSuiteMetrics({ logger, db: down, replica: down })
    const text = await broken.registry.metrics()
    // prom-client writes NaN as "Nan", which Prometheus reads as NaN (its parser takes any case).
    expect(text).toContain('outbox_messages_waiting Nan')
    expect(text).toContain('outbox_oldest_due_seconds Nan')
    expect(text).toContain('db_replica_lag_seconds Nan')
    expect(text).toContain('db_replica_up 0')
    expect(warnings.join('')).toContain('a metric could not be read')
  })

  it('serves the metrics at GET /metrics on its own server, and nothing else there', async () => {
    const base = `http://127.0.0.1:${server.port}`
    const scraped = await fetch(`${base}/metrics`)
    expect(scraped.status).toBe(200)
    expect(scraped.headers.get('content-type')).toContain('text/plain')
    const text = await scraped.text()
    expect(text).toContain('# TYPE http_request_duration_seconds histogram')
    expect(text).toContain('process_cpu_seconds_total')
    expect((await fetch(`${base}/`)).status).toBe(404)
    // The member API itself does not serve them.
    expect((await call(app, 'GET', 'metrics')).status).toBe(404)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)("the database pool's use", () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 })
  })
  afterAll(() => database?.close())

  const until = async (what: string, holds: () => boolean) => {
    const deadline = Date.now() + 30_000
    while (!holds()) {
      if (Date.now() > deadline) throw new Error(`never: ${what}`)
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  it('counts connections held by transactions and statements, and what waits for one', async () => {
    const calls = database.pools.find((use) => use.name === 'calls')!
    expect(calls).toMatchObject({ max: 2, statements: 0, reserved: 0, reserving: 0 })
    const release: Array<() => void> = []
    const held = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await new Promise<void>((resolve) => release.push(resolve))
      })
    const transactions = [held(), held(), held()]
    // Two connections held; the third transaction waits for one.
    await until('two transactions hold connections and one waits', () => calls.reserved === 2 && calls.reserving === 1)
    expect(calls.inUse).toBe(2)
    expect(calls.waiting).toBe(1)
    // drizzle sends a statement once something waits for its answer.
    const statement = database.db.execute(sql`select 1`).then(() => undefined)
    await until('the statement is counted', () => calls.statements === 1)
    expect(calls.waiting).toBe(2)
    // Each transaction is let go once it holds its connection, until all are answered.
    let answered = false
    const all = Promise.all([...transactions, statement]).then(() => (answered = true))
    while (!answered) {
      for (const done of release.splice(0)) done()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await all
    await until('nothing is counted once all is answered', () => calls.statements === 0 && calls.reserved === 0 && calls.reserving === 0)
    expect(calls.inUse).toBe(0)
    expect(calls.waiting).toBe(0)
  })
})
