// The metrics' own HTTP server, on an address apart from the member API's (METRICS_HOST,
// METRICS_PORT): Prometheus scrapes it there, and nothing the public reaches serves it.
import { metricsRequestHandler } from '../../contract/metrics-endpoint.server'
import { createServer, type Server } from 'node:http'
import type { Registry } from 'prom-client'

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the system's choice for 0). */
  port: number
  close(): Promise<void>
}

/** Serves `GET /metrics` in Prometheus's text format; every other request answers 404. */
export async function startMetricsServer(registry: Registry, address: { host: string; port: number }): Promise<MetricsServer> {
  const server: Server = createServer(metricsRequestHandler(registry))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => resolve())
  })
  const bound = server.address()
  return {
    port: typeof bound === 'object' && bound ? bound.port : address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
