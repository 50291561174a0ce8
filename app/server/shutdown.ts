import { definePlugin } from 'nitro'
import { portalConfig } from '../config/config.server'
import { portalLifecycle } from './lifecycle'

const SIGNALS = ['SIGTERM', 'SIGINT'] as const
/** srvx's own limit for finishing requests once it stops listening (its SERVER_SHUTDOWN_TIMEOUT, 5 s by default). */
const closeSeconds = () => Number.parseInt(process.env.SERVER_SHUTDOWN_TIMEOUT ?? '', 10) || 5

/**
 * A stop signal first makes the process "not ready" (/readyz answers 503) for SHUTDOWN_DRAIN_SECONDS
 * while it keeps serving, so the load balancer checking it sends its requests elsewhere; only then
 * does the server stop listening, finish the requests in flight and exit. A rolling restart loses
 * no request.
 *
 * The HTTP server (srvx) handles SIGTERM and SIGINT itself by closing its listener at once, and not
 * at all when CI or TEST is set. Its handlers, registered when the server is created right after
 * the plugins run, are taken over: they run after the drain. Without them the process exits after
 * the drain and a second's grace, by when the balancer has long stopped sending it anything.
 */
export default definePlugin((nitroApp) => {
  const { drainSeconds } = portalConfig()
  let stopping = false
  let exitWhenClosed = false
  nitroApp.hooks.hook('close', () => {
    if (exitWhenClosed) setImmediate(() => process.exit(0))
  })

  const stop = (signal: string, serverHandlers: Array<(signal: NodeJS.Signals) => void>) => {
    if (stopping) return
    stopping = true
    portalLifecycle().draining = true
    console.info(JSON.stringify({ level: 'info', msg: 'stopping: not ready, draining', signal, drainSeconds }))
    setTimeout(() => {
      console.info(JSON.stringify({ level: 'info', msg: 'stopping: no new connections, finishing the requests in flight' }))
      if (serverHandlers.length === 0) {
        setTimeout(() => process.exit(0), 1_000)
        return
      }
      exitWhenClosed = true
      for (const handler of serverHandlers) handler(signal as NodeJS.Signals)
      // Past srvx's own limit it has closed every connection; whatever still holds the event loop
      // (timers, the identity provider's client) does not keep the process alive.
      setTimeout(() => process.exit(0), (closeSeconds() + 2) * 1000).unref()
    }, drainSeconds * 1000)
  }

  setImmediate(() => {
    for (const signal of SIGNALS) {
      const serverHandlers = process.listeners(signal) as Array<(signal: NodeJS.Signals) => void>
      process.removeAllListeners(signal)
      process.on(signal, () => stop(signal, serverHandlers))
    }
  })
})
