// Background work of the member API runs on pg-boss, a job queue kept in the same PostgreSQL (its
// own schema, `pgboss`), or in the one PGlite instance in local mode (decision 013). Every
// member-API process runs a runner: a schedule fires once across all of them, each job is worked by
// one, and a failing job is retried with backoff. A sweep reads the member API's clock, not the
// database's, so the dev clock moves what it finds due.
import { fromPglite, PgBoss } from 'pg-boss'
import type { JobStore } from '../db/client'
import { longWork, type SuiteDeps } from '../deps'
import type { QueueFigures } from '../metrics/registry'
import { backfillEmailKeys, backfillPayoutKeys } from '../services/account-links'
import { backfillHouseholdKeys } from '../services/address'
import { sendCampaignDigests } from '../services/campaign-digest'
import { sendNewsletters } from '../services/newsletter-sending'
import { sendReminders } from '../services/reminders'
import { purgeExpired } from '../services/retention'
import { tellUnchosen } from '../services/unchosen'

/** A piece of periodic work: when it runs (cron, UTC) and what it does. Safe to run twice: each sweep claims what it acts on. */
export interface Sweep {
  cron: string
  run(deps: SuiteDeps, now: Date): Promise<unknown>
}

export const SWEEPS = {
  /** What is kept only for a while goes (services/retention.ts): hourly. */
  'purge-expired': { cron: '17 * * * *', run: (deps, now) => purgeExpired(deps, now, deps.settings.retentionDays) },
  /** Reminders of what is due: 3 days before, on the day, once overdue, and purchases to make (each once). */
  'send-reminders': { cron: '*/15 * * * *', run: (deps, now) => sendReminders(deps, now) },
  /** New campaigns open for sign-up, to the members who want them and meet their rules: each once, a digest a day at most. */
  'send-campaign-digests': { cron: '7 * * * *', run: (deps, now) => sendCampaignDigests(deps, now) },
  /** Newsletter issues staff sent: the next batch of opted-in members, each once, every minute until done. */
  'send-newsletters': { cron: '* * * * *', run: (deps, now) => sendNewsletters(deps, now) },
  /** Curated flights whose sign-up has closed: the applicants not chosen are told (each flight once). */
  'tell-unchosen': { cron: '*/5 * * * *', run: (deps, now) => tellUnchosen(deps, now) },
  /**
   * Addresses, e-mail addresses and payout details taken on before their normal forms were kept get them, and their
   * links (services/account-links.ts): once when the queue starts, then daily for any row an older
   * process wrote during a rolling update. Off the start-up path, so a large database starts at once.
   */
  'fill-link-keys': {
    cron: '41 3 * * *',
    run: async (deps, now) => ({
      addresses: await backfillHouseholdKeys(deps.db, now),
      emails: await backfillEmailKeys(deps.db, now),
      payouts: await backfillPayoutKeys(deps.db, now),
    }),
  },
} satisfies Record<string, Sweep>
export type SweepName = keyof typeof SWEEPS

export interface JobRunner {
  /** Installs or migrates the queue's schema (under pg-boss's own lock), its queues and schedules, starts working and runs each sweep once. */
  start(): Promise<void>
  /** Stops taking jobs and waits for the ones in hand (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>
  /** Queues a sweep now, as its schedule would; null when one is already waiting or running. */
  runNow(name: string): Promise<string | null>
  /** Each sweep's queue as pg-boss counts it, across every process: waiting, being worked, failed for good. */
  queues(): Promise<QueueFigures[]>
}

/** Tries of a failing sweep, the first retry after 30 s, doubling up to 30 minutes. */
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800 }

export function createJobRunner(
  deps: SuiteDeps,
  store: JobStore,
  options: {
    sweeps?: Record<string, Sweep>
    pollingIntervalSeconds?: number
    /** Told of every run and whether it failed (the metrics: metrics/registry.ts). */
    onRun?: (queue: string, outcome: 'done' | 'failed') => void
  } = {},
): JobRunner {
  const sweeps: Record<string, Sweep> = options.sweeps ?? SWEEPS
  const log = deps.logger.child({ component: 'jobs' })
  // A sweep may read much (a purge, a digest over every member): its statements run with the long
  // limit on connections of their own, never holding the calls' pool.
  const jobDeps: SuiteDeps = { ...deps, db: longWork(deps) }
  const boss =
    store.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(store.client), backend: 'pglite', schema: 'pgboss' })
      : // Its own small pool: a job's handler uses the member API's connections, pg-boss only claims and completes.
        new PgBoss({ connectionString: store.url, schema: 'pgboss', max: 3 })
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'))
  return {
    async start() {
      await boss.start()
      for (const [name, sweep] of Object.entries(sweeps)) {
        // Exclusive: one of a sweep waiting or running at a time, whichever process queued it.
        await boss.createQueue(name, { policy: 'exclusive', ...RETRY })
        await boss.schedule(name, sweep.cron, null, { tz: 'UTC' })
        await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 }, async () => {
          try {
            const result = await sweep.run(jobDeps, deps.clock.now())
            log.debug({ job: name, result }, 'sweep done')
            options.onRun?.(name, 'done')
          } catch (error) {
            log.warn({ err: error, job: name }, 'sweep failed; tried again with backoff')
            options.onRun?.(name, 'failed')
            throw error
          }
        })
        await boss.send(name, null, { singletonKey: name })
      }
    },
    async stop(timeoutMs = 15_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs })
    },
    async runNow(name) {
      if (!(name in sweeps)) throw new Error(`No sweep named ${name}`)
      return boss.send(name, null, { singletonKey: name })
    },
    async queues() {
      const queues = await boss.getQueues(Object.keys(sweeps))
      return queues.map(({ name, queuedCount, activeCount, failedCount }) => ({ name, queuedCount, activeCount, failedCount }))
    },
  }
}
