import { metricsRequestHandler } from '../../contract/metrics-endpoint.server'
import { createServer } from 'node:http'
import { definePlugin } from 'nitro'
import { portalConfig } from '../config/config.server'
import { portalMetrics } from './metrics.server'

/**
 * When METRICS_PORT is set, the portal's metrics are served at GET /metrics on that port (and
 * METRICS_HOST, loopback by default), apart from the pages: Prometheus scrapes them there, and the
 * public, who reach only the pages' port through the balancer, never does.
 */
export default definePlugin(() => {
  const address = portalConfig().metrics
  if (!address) return
  const { registry } = portalMetrics()
  const server = createServer(metricsRequestHandler(registry))
  server.on('error', (error) => {
    console.error(`The portal cannot serve its metrics on ${address.host}:${address.port}: ${error.message}`)
    process.exit(1)
  })
  // Never what keeps a stopping process alive: the shutdown plugin decides when it exits.
  server.listen(address.port, address.host, () => {
    console.info(JSON.stringify({ level: 'info', msg: 'metrics listening', url: `http://${address.host}:${address.port}/metrics` }))
  })
  server.unref()
})
