// The metrics' HTTP answer, the same in the portal and the member API: each serves it on an address
// of its own (METRICS_HOST, METRICS_PORT), apart from what the public reaches, for Prometheus.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Registry } from 'prom-client'

/** Answers `GET /metrics` with the registry in Prometheus's text format; every other request 404. */
export function metricsRequestHandler(registry: Registry) {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n')
      return
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`The metrics could not be read: ${String(error)}\n`),
    )
  }
}
