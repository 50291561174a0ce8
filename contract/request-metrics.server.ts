// The metrics both programs keep the same way: the process's own (CPU, memory, event-loop delay,
// garbage collection) and every request by method, route pattern and status, with its latency.
import { collectDefaultMetrics, Counter, Histogram, type Registry } from 'prom-client'

/** Latency buckets, in seconds: a member API call's goal is 150 ms at p99, a page's render waits 3 s at most for the member API. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10]

/** One request answered: its method, the route it took (a pattern, never its path with its ids), its status and its time in seconds. */
export type RecordRequest = (method: string, route: string, status: number, seconds: number) => void

/** Registers the process's metrics and the requests' counter and latency histogram in `registry`. */
export function registerRequestMetrics(registry: Registry, { answeredAt }: { answeredAt: string }): RecordRequest {
  const registers = [registry]
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: `Time from a request to ${answeredAt}, by method, route pattern and status`,
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })
  return (method, route, status, seconds) => {
    const labels = { method, route, status: String(status) }
    requests.inc(labels)
    durations.observe(labels, seconds)
  }
}
