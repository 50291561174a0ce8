// The member API's Prometheus metrics: every request by its route pattern and status with its
// latency, the database pools' use, the outbox, the job queue and the replica's lag. Counted where
// the work passes, or read when Prometheus scrapes (the database's figures). Served on an address
// of its own that the public never reaches (metrics/server.ts, METRICS_PORT).
import { sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { Logger } from 'pino'
import { Counter, Gauge, Registry } from 'prom-client'
import { registerRequestMetrics } from '../../contract/request-metrics.server'
import type { Db } from '../db/client'
import type { PoolUse } from '../db/postgres-pool'
import type { SuiteEnv } from '../http/env'

/** The label of a request that matched no route: its path is not a pattern, and unknown paths are unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)'

/** A queue's figures as the job runner reads them (pg-boss's own counts). */
export interface QueueFigures {
  name: string
  queuedCount: number
  activeCount: number
  failedCount: number
}

export interface MetricSources {
  logger: Logger
  /** The primary: the outbox's waiting messages are counted there. Absent in tests of the requests alone. */
  db?: Db
  /** The replica, when there is one: its lag behind the primary. */
  replica?: Db | null
  pools?: PoolUse[]
  /** The job queues' figures (jobs/runner.ts). */
  queues?: () => Promise<QueueFigures[]>
}

export type OutboxOutcome = 'sent' | 'retry' | 'failed' | 'withheld'

export interface SuiteMetrics {
  registry: Registry
  /** Hono middleware: each request counted and timed under its route pattern, once answered. */
  requests: MiddlewareHandler<SuiteEnv>
  /** The outbox relay's outcome for one message (services/outbox-relay.ts). */
  outboxOutcome(channel: string, outcome: OutboxOutcome): void
  /** One run of a background job, and whether it failed (jobs/runner.ts). */
  jobRun(queue: string, outcome: 'done' | 'failed'): void
}

/**
 * The route pattern a request matched (`/logistics/v1/campaigns/:slug`), never its path: ids in
 * paths would make a series per member. A request no route took is counted as UNMATCHED_ROUTE.
 */
export function routePattern(c: Parameters<MiddlewareHandler<SuiteEnv>>[0]): string {
  const pattern = routePath(c, -1)
  // Only the app-wide middleware (`/*`) matched: the not-found answer.
  return pattern === '/*' || pattern === '*' ? UNMATCHED_ROUTE : pattern
}

/** The first row of a statement's answer: postgres.js answers an array of rows, PGlite an object holding them. */
function firstRow<T>(result: unknown): T | undefined {
  const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows
  return rows?.[0] as T | undefined
}

export function createSuiteMetrics(sources: MetricSources): SuiteMetrics {
  const registry = new Registry()
  const registers = [registry]
  const recordRequest = registerRequestMetrics(registry, { answeredAt: 'its answer' })

  /**
   * A figure read from the database when Prometheus scrapes. When the read fails the log says why and
   * the figure is NaN in that scrape (unknown: no comparison of an alert holds on it), never a 0
   * that would look healthy.
   */
  const read = async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work()
    } catch (error) {
      sources.logger.warn({ err: error, metric: what }, 'a metric could not be read')
      return undefined
    }
  }

  /**
   * One read per scrape however many gauges show its figures: a scrape starts every metric's collect
   * at once (prom-client's Registry.metrics), so the gauges that share a read all ask while it is
   * under way. Once it has answered, the next ask reads again: a figure read after a change never
   * shows what was there before it.
   */
  const perScrape = <T>(what: string, work: () => Promise<T>): (() => Promise<T | undefined>) => {
    let pending: Promise<T | undefined> | null = null
    return () =>
      (pending ??= read(what, work).finally(() => {
        pending = null
      }))
  }

  const pools = sources.pools ?? []
  if (pools.length > 0) {
    const poolGauge = (name: string, help: string, figure: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers,
        collect() {
          for (const use of pools) this.set({ pool: use.name }, figure(use))
        },
      })
    poolGauge('db_pool_connections_max', 'Connections the pool may open (calls, long work, replica)', (use) => use.max)
    poolGauge('db_pool_connections_in_use', 'Connections running a statement or held by a transaction', (use) => use.inUse)
    poolGauge('db_pool_waiting', 'Statements and transactions that found no idle connection', (use) => use.waiting)
    new Counter({
      name: 'db_transactions_retried_total',
      help: 'Transactions run again after PostgreSQL ended them for a deadlock or a serialisation failure',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset()
        for (const use of pools) this.inc({ pool: use.name }, use.retried)
      },
    })
  }

  const outboxOutcomes = new Counter({
    name: 'outbox_messages_total',
    help: 'Messages the outbox relay of this process finished an attempt at, by channel and outcome (sent; retry: will try again; failed: gave up after its last try; withheld)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  })
  const db = sources.db
  if (db) {
    // Both figures in one read, over the outbox's index of the messages still to deliver. A message
    // not due yet (a retry's pause, a text held until the morning) waits on purpose: only the due
    // ones say how far behind the relays are.
    const readWaiting = perScrape('outbox_messages_waiting', async () => {
      const row = firstRow<{ count: string; oldest: string | null }>(
        await db.execute(
          sql`select count(*) as count, extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())) as oldest from outbox where sent_at is null and failed_at is null and withheld_at is null`,
        ),
      )
      return { count: Number(row?.count ?? 0), oldest: Math.max(0, Number(row?.oldest ?? 0)) }
    })
    new Gauge({
      name: 'outbox_messages_waiting',
      help: 'Messages in the outbox not yet delivered, given up on or withheld (due or not)',
      registers,
      async collect() {
        const figures = await readWaiting()
        this.set(figures ? figures.count : Number.NaN)
      },
    })
    new Gauge({
      name: 'outbox_oldest_due_seconds',
      help: 'How long the longest-due message has been due without being delivered (0 when none is due)',
      registers,
      async collect() {
        const figures = await readWaiting()
        this.set(figures ? figures.oldest : Number.NaN)
      },
    })
  }

  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs worked by this process, by queue and outcome (a failed run is tried again with backoff)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  })
  const queues = sources.queues
  if (queues) {
    const readQueues = perScrape('jobs_queued', queues)
    const queueGauge = (name: string, help: string, figure: (queue: QueueFigures) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'] as const,
        registers,
        async collect() {
          const all = await readQueues()
          this.reset()
          for (const queue of all ?? []) this.set({ queue: queue.name }, figure(queue))
        },
      })
    queueGauge('jobs_queued', 'Jobs waiting in the queue (due or deferred), across every process', (queue) => queue.queuedCount)
    queueGauge('jobs_active', 'Jobs being worked, across every process', (queue) => queue.activeCount)
    queueGauge('jobs_failed', 'Jobs that failed for good and are still kept by the queue, across every process', (queue) => queue.failedCount)
  }

  const replica = sources.replica
  if (replica) {
    const readLag = perScrape('db_replica_lag_seconds', async () => {
      const row = firstRow<{ lag: string | null }>(
        await replica.execute(
          sql`select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag`,
        ),
      )
      return Number(row?.lag ?? 0)
    })
    new Gauge({
      name: 'db_replica_up',
      help: 'Whether the read replica answered this scrape (1) or not (0)',
      registers,
      async collect() {
        this.set((await readLag()) === undefined ? 0 : 1)
      },
    })
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'How far the replica is behind the primary: 0 when it has replayed all it received, else the age of the last transaction it replayed',
      registers,
      async collect() {
        this.set((await readLag()) ?? Number.NaN)
      },
    })
  }

  return {
    registry,
    requests: async (c, next) => {
      const started = performance.now()
      try {
        await next()
      } finally {
        recordRequest(c.req.method, routePattern(c), c.res.status, (performance.now() - started) / 1000)
      }
    },
    outboxOutcome: (channel, outcome) => outboxOutcomes.inc({ channel, outcome }),
    jobRun: (queue, outcome) => jobRuns.inc({ queue, outcome }),
  }
}
