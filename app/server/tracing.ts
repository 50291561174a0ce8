import { definePlugin } from 'nitro'
import { portalConfig } from '../config/config.server'

/**
 * Traces, when an OTLP endpoint is configured: the tracer is started as the server starts, and the
 * spans still waiting are sent when it closes. Without the setting nothing of OpenTelemetry is
 * loaded and no request does any tracing work (observability/tracing-hooks.ts).
 */
export default definePlugin((nitroApp) => {
  const { tracing } = portalConfig()
  if (!tracing) return
  const started = import('../observability/tracing.server').then(({ startPortalTracing }) => startPortalTracing(tracing))
  started.then(
    () => console.info(JSON.stringify({ level: 'info', msg: 'traces on', service: tracing.serviceName })),
    (error: unknown) => console.error(`Traces could not be started: ${error instanceof Error ? error.message : String(error)}`),
  )
  nitroApp.hooks.hook('close', async () => {
    await (await started.catch(() => null))?.shutdown()
  })
})
