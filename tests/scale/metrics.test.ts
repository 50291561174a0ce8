// Prometheus (Debian's package) scrapes two member APIs and two portals on their metrics' own
// ports, and a query over what it scraped shows the requests this test made: each under its route
// pattern and status, on the process that answered, never under the raw path with its ids; and the
// figures an operator watches (pools, outbox, job queues, the page cache) are there for each process.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_CAMPAIGN_PATH } from '../../contract/paths'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { startNode, waitForHttp } from '../../scripts/lib/processes.mjs'
import { startPrometheus } from '../../scripts/lib/prometheus.mjs'
import { startSuite } from '../../scripts/lib/suite.mjs'
import { createTestDatabase } from '../../suite/test/postgres'

const root = resolve(import.meta.dirname, '../..')
const serverEntry = resolve(root, process.env.PORTAL_OUTPUT_DIR ?? '.output', 'server/index.mjs')

type Process = ReturnType<typeof startNode>
type Prometheus = Awaited<ReturnType<typeof startPrometheus>>

/** Calls the test makes to each process: few, so an exact count shows they were all scraped. */
const CALLS = 3

describe.skipIf(!process.env.TEST_DATABASE_URL)('Prometheus scraping two member APIs and two portals', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let prometheus: Prometheus
  const processes: Process[] = []
  /** Each process's own port and its metrics' port, by name. */
  const apis: Record<string, { port: number; metricsPort: number }> = {}
  const portals: Record<string, { port: number; metricsPort: number }> = {}

  beforeAll(async () => {
    if (!existsSync(serverEntry)) throw new Error('No production build of the portal: run `npm run build` first (npm test does).')
    database = await createTestDatabase({ maxConnections: 4 })
    for (const name of ['m1', 'm2']) {
      const [port, metricsPort] = await Promise.all([freePort(), freePort()])
      const api = startSuite({
        port,
        authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        dataDir: '.data/unused',
        quiet: true,
        env: { DATABASE_URL: database.url, SUITE_SEED: 'none', GCLOUD_PROJECT: 'demo-portal', METRICS_PORT: String(metricsPort) },
      })
      processes.push(api)
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, { isAlive: api.isAlive, timeoutMs: 150_000 }).catch((error: unknown) => {
        throw new Error(`The member API ${name} did not start: ${String(error)}\n${api.output()}`)
      })
      apis[name] = { port, metricsPort }
    }
    for (const [name, api] of [
      ['p1', apis.m1!],
      ['p2', apis.m2!],
    ] as const) {
      const [port, metricsPort] = await Promise.all([freePort(), freePort()])
      const portal = startNode(name, [serverEntry], {
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'production',
          PORTAL_MODE: 'local',
          SUITE_URL: `http://127.0.0.1:${api.port}`,
          PORTAL_URL: `http://127.0.0.1:${port}`,
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
          PAGE_DEADLINE_SECONDS: '10',
          METRICS_PORT: String(metricsPort),
        },
        quiet: true,
      })
      processes.push(portal)
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, { isAlive: portal.isAlive }).catch((error: unknown) => {
        throw new Error(`The portal ${name} did not start: ${String(error)}\n${portal.output()}`)
      })
      portals[name] = { port, metricsPort }
    }
    prometheus = await startPrometheus({
      jobs: { 'member-api': Object.values(apis).map((api) => api.metricsPort), portal: Object.values(portals).map((portal) => portal.metricsPort) },
      scrapeIntervalSeconds: 1,
    })
  }, 300_000)
  afterAll(async () => {
    await prometheus?.stop()
    await Promise.all(processes.map((p) => p.stop()))
    await database?.close()
  })

  /** Polls a query until `holds` accepts its series (Prometheus scrapes on its own clock); the last series in the failure. */
  async function untilQuery(promql: string, holds: (series: Array<{ metric: Record<string, string>; value: number }>) => boolean) {
    const deadline = Date.now() + 120_000
    let series: Array<{ metric: Record<string, string>; value: number }> = []
    for (;;) {
      series = await prometheus.query(promql)
      if (holds(series)) return series
      if (Date.now() > deadline) throw new Error(`${promql} never held; last answer: ${JSON.stringify(series)}\n${prometheus.output()}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  const instanceOf = (port: number) => `127.0.0.1:${port}`

  it('scrapes the four processes, each on its metrics port only', async () => {
    await expect
      .poll(async () => (await prometheus.targets()).map((target) => `${target.job} ${target.instance} ${target.health}`).sort(), { timeout: 120_000 })
      .toEqual(
        [
          ...Object.values(apis).map((api) => `member-api ${instanceOf(api.metricsPort)} up`),
          ...Object.values(portals).map((portal) => `portal ${instanceOf(portal.metricsPort)} up`),
        ].sort(),
      )
    // The ports the public reaches do not serve them.
    for (const { port } of [...Object.values(apis), ...Object.values(portals)]) {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('http_requests_total')
    }
  })

  it('shows the member API calls the test made under their route pattern and status, per process', async () => {
    for (const [name, api] of Object.entries(apis)) {
      for (let i = 0; i < CALLS; i++) {
        const response = await fetch(`http://127.0.0.1:${api.port}/${PUBLIC_CAMPAIGN_PATH.replace(':idOrSlug', `no-such-campaign-${name}-${i}`)}`)
        expect(response.status).toBe(404)
      }
    }
    const pattern = `/${PUBLIC_CAMPAIGN_PATH}`
    const series = await untilQuery(`sum by (instance, route, status) (http_requests_total{job="member-api", method="GET", route="${pattern}"})`, (found) =>
      Object.values(apis).every((api) => found.some((s) => s.metric.instance === instanceOf(api.metricsPort) && s.value === CALLS)),
    )
    expect(series.map((s) => s.metric.status)).toEqual(['404', '404'])
    // The ids the test sent are nowhere in what was scraped.
    expect(await prometheus.query('count({route=~".*no-such-campaign.*"})')).toEqual([])
    // The latency histogram answers a p99 for the route.
    const p99 = await untilQuery(
      `histogram_quantile(0.99, sum by (le) (http_request_duration_seconds_bucket{job="member-api", route="${pattern}"}))`,
      (found) => found.length === 1 && Number.isFinite(found[0]!.value),
    )
    expect(p99[0]!.value).toBeGreaterThan(0)
  })

  it("shows the portal pages the test loaded under their file route, and the page cache's hits", async () => {
    for (const portal of Object.values(portals)) {
      for (let i = 0; i < CALLS; i++) {
        const response = await fetch(`http://127.0.0.1:${portal.port}/en/about-us`)
        expect(response.status).toBe(200)
        await response.arrayBuffer()
      }
    }
    await untilQuery('sum by (instance) (http_requests_total{job="portal", method="GET", route="/$locale/about-us", status="200"})', (found) =>
      Object.values(portals).every((portal) => found.some((s) => s.metric.instance === instanceOf(portal.metricsPort) && s.value === CALLS)),
    )
    // The first visit rendered and kept the page; the ones after it (within the cache's 10 s) were hits.
    await untilQuery('sum by (instance) (portal_page_cache_requests_total{job="portal", outcome=~"hit|miss"})', (found) =>
      Object.values(portals).every((portal) => found.some((s) => s.metric.instance === instanceOf(portal.metricsPort) && s.value >= CALLS)),
    )
    const hits = await prometheus.query('sum by (instance) (portal_page_cache_requests_total{job="portal", outcome="hit"})')
    expect(hits.length).toBe(2)
    for (const s of hits) expect(s.value).toBeGreaterThanOrEqual(1)
  })

  it('has the database pools, the outbox, the job queues and the process figures of every member API', async () => {
    const everyApi = (found: Array<{ metric: Record<string, string> }>) =>
      Object.values(apis).every((api) => found.some((s) => s.metric.instance === instanceOf(api.metricsPort)))
    // A member API's pool for the calls: 10 connections (db/client.ts).
    const max = await untilQuery('db_pool_connections_max{job="member-api", pool="calls"}', everyApi)
    for (const s of max) expect(s.value).toBe(10)
    await untilQuery('db_pool_connections_in_use{job="member-api"}', everyApi)
    await untilQuery('db_pool_waiting{job="member-api"}', everyApi)
    await untilQuery('outbox_messages_waiting{job="member-api"}', everyApi)
    // Every sweep's queue, as pg-boss counts it across both processes.
    await untilQuery('jobs_queued{job="member-api", queue="purge-expired"}', everyApi)
    await untilQuery('process_resident_memory_bytes{job="member-api"}', everyApi)
  })
})
