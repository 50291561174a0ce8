// The portal's Prometheus metrics: every request by the route it took and its status with its
// latency, and the public page cache's hits. Served on an address of their own (METRICS_PORT),
// never on the port pages are served on (server/metrics-endpoint.ts).
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

/** Latency buckets, in seconds: a page's render waits 3 s at most for the member API. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10]

export type PageCacheOutcome = 'hit' | 'miss' | 'bypass'

export interface PortalMetrics {
  registry: Registry
  /** One request answered: its method, the route it took (a pattern, never its path), its status and its time in seconds. */
  request(method: string, route: string, status: number, seconds: number): void
  /** An anonymous page request and what the public page cache did: served a copy (hit), rendered and kept it (miss), or rendered a page no cache may keep (bypass). */
  pageCache(outcome: PageCacheOutcome): void
}

function createPortalMetrics(): PortalMetrics {
  const registry = new Registry()
  const registers = [registry]
  // The process's CPU, memory, event-loop delay and garbage collection.
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: "Time from a request to its answer's headers, by method, route and status",
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })
  const pageCache = new Counter({
    name: 'portal_page_cache_requests_total',
    help: 'Anonymous page requests by what the public page cache did: hit (a kept copy), miss (rendered and kept), bypass (rendered, not to be kept)',
    labelNames: ['outcome'] as const,
    registers,
  })
  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    pageCache: (outcome) => pageCache.inc({ outcome }),
  }
}

// Kept on globalThis under a registered symbol: the server plugin that serves the metrics and the
// middleware that counts requests are bundled apart, and both must see the one registry.
const KEY = Symbol.for('tester-portal.metrics')

/** This process's metrics, made on first use. */
export function portalMetrics(): PortalMetrics {
  const holder = globalThis as typeof globalThis & { [KEY]?: PortalMetrics }
  holder[KEY] ??= createPortalMetrics()
  return holder[KEY]
}
