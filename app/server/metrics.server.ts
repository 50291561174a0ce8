// The portal's Prometheus metrics: every request by the route it took and its status with its
// latency, and the public page cache's hits. Served on an address of their own (METRICS_PORT),
// never on the port pages are served on (server/metrics-endpoint.ts).
import { Counter, Registry } from 'prom-client'
import { registerRequestMetrics, type RecordRequest } from '../../contract/request-metrics.server'

export type PageCacheOutcome = 'hit' | 'miss' | 'bypass'

export interface PortalMetrics {
  registry: Registry
  request: RecordRequest
  /** An anonymous page request and what the public page cache did: served a copy (hit), rendered and kept it (miss), or rendered a page no cache may keep (bypass). */
  pageCache(outcome: PageCacheOutcome): void
}

function createPortalMetrics(): PortalMetrics {
  const registry = new Registry()
  const registers = [registry]
  const request = registerRequestMetrics(registry, { answeredAt: "its answer's headers" })
  const pageCache = new Counter({
    name: 'portal_page_cache_requests_total',
    help: 'Anonymous page requests by what the public page cache did: hit (a kept copy), miss (rendered and kept), bypass (rendered, not to be kept)',
    labelNames: ['outcome'] as const,
    registers,
  })
  return {
    registry,
    request,
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
