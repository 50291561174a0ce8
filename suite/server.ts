// The member API server: `npx tsx suite/server.ts` (port SUITE_PORT, default 8787, on 127.0.0.1).
import { serve } from '@hono/node-server'
import { createSuiteApp } from './app'
import { ConfigError, loadConfig } from './config'
import { createRuntime } from './runtime'
import { logBotCheck } from './services/bot-check'
import { DEMO_MEMBER, DEMO_STAFF } from './seed/catalogue'
import { seedDemoData } from './seed/seed'
import type { SuiteDeps } from './deps'
import { createJobRunner, SWEEPS } from './jobs/runner'
import { createSuiteMetrics, type SuiteMetrics } from './metrics/registry'
import { startMetricsServer } from './metrics/server'
import { startSuiteTracing, stopSuiteTracing } from './tracing'

async function main() {
  const config = loadConfig()
  // Before the database opens and the app is built: both are traced from their start (tracing.ts).
  if (config.tracing) await startSuiteTracing(config.tracing)
  // Built once the database and the job queue are: the relay and the jobs tell it from their start.
  let metrics: SuiteMetrics | null = null
  const { deps, database, relay } = await createRuntime(config, { onOutboxOutcome: (channel, outcome) => metrics?.outboxOutcome(channel, outcome) })
  const log = deps.logger
  log.info({ mode: config.mode, database: database.kind }, 'database migrated')
  if (config.tracing) log.info({ endpoint: withoutCredentials(config.tracing.url), service: config.tracing.serviceName }, 'traces on')
  logBotCheck(config.botCheck, log)
  if (config.seed === 'demo') {
    // The demo member is an account of the identity emulator, which may still be starting (npm start
    // starts both at once): its creation waits until the emulator answers.
    if (config.firebase.emulatorHost) await waitForIdentityEmulator(config.firebase.emulatorHost, log)
    const result = await seedDemoData(deps)
    log.info(result, result.seeded ? 'demo data seeded' : 'demo data already present')
    if (result.demo !== 'skipped') {
      log.info({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }, 'demo member (local mode only)')
      log.info({ email: DEMO_STAFF.email, password: DEMO_STAFF.password }, 'demo staff, every console role (local mode only)')
    }
  }
  // Periodic work (retention purges, telling curated flights' applicants not chosen) runs as jobs
  // on the database's queue: once across every member-API process, retried with backoff (suite/jobs).
  const jobs = createJobRunner(deps, database.jobStore, { onRun: (queue, outcome) => metrics?.jobRun(queue, outcome) })
  metrics = config.metrics
    ? createSuiteMetrics({ logger: log, db: database.db, replica: database.replica, pools: database.pools, queues: () => jobs.queues() })
    : null
  // Prometheus scrapes an address of its own, which the member API's port never serves.
  const metricsServer = metrics && config.metrics ? await startMetricsServer(metrics.registry, config.metrics) : null
  if (metricsServer) log.info({ url: `http://${config.metrics?.host}:${metricsServer.port}/metrics` }, 'metrics listening')
  const app = createSuiteApp(deps, metrics ? { metrics } : {})
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info({ url: `http://${config.host}:${info.port}` }, 'suite listening')
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    // First "not ready" while still serving, for the drain time, so a load balancer checking
    // readyz sends nothing new here; then the server stops listening, finishes the requests in
    // flight, and closes the idle keep-alive connections.
    if (deps.lifecycle) deps.lifecycle.draining = true
    log.info({ signal, drainSeconds: config.drainSeconds }, 'stopping: not ready, draining')
    setTimeout(() => {
      log.info('stopping: no new connections, finishing the requests in flight')
      // The relay finishes the message in hand (deliveries time out at 15 s) and releases the rest
      // of its batch before the database closes; what a hard exit cuts off is retried after its lease.
      // A job in hand is finished too, then the queue lets go of the database.
      const workStopped = Promise.all([relay ? relay.stop() : Promise.resolve(), jobs.stop()])
      server.close(() => {
        // The spans still waiting are sent before the process ends.
        void workStopped.finally(() => Promise.allSettled([database.close(), stopSuiteTracing(), metricsServer?.close()]).finally(() => process.exit(0)))
      })
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      setTimeout(() => process.exit(0), 20_000).unref()
    }, config.drainSeconds * 1000)
  }
  // From the moment it listens, a stop signal drains: a process told to stop while its background
  // work is still starting (a balancer may already count it ready) loses no request either.
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  relay?.start()
  try {
    await jobs.start()
  } catch (error) {
    // Stopped while starting: the stop in progress ends the process.
    if (stopping) return
    throw error
  }
  log.info({ sweeps: Object.keys(SWEEPS) }, 'background jobs started')
}

/** An address as it may be logged: a user name and password in it are left out. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/** Resolves once the identity emulator at `host` answers; gives up after a minute and a half. */
async function waitForIdentityEmulator(host: string, log: SuiteDeps['logger']) {
  const deadline = Date.now() + 90_000
  let said = false
  for (;;) {
    try {
      if ((await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) })).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the identity emulator at ${host} did not answer within 90 s`)
    if (!said) log.info({ host }, 'waiting for the identity emulator to create the demo member')
    said = true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`suite: configuration error: ${error.message}`)
  } else {
    console.error('suite: failed to start', error)
  }
  process.exit(1)
})
