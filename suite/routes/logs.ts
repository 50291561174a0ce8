// POST logs_collector: front-end log entries, signed in or not, size- and rate-limited per client.
import { bodyLimit } from 'hono/body-limit'
import { ENDPOINTS } from '../../contract/endpoints'
import { LOG_ENTRIES_PER_MINUTE, LOG_MAX_BODY_BYTES } from '../../contract/logs'
import { frontEndLogs } from '../db/schema'
import type { SuiteDeps } from '../deps'
import type { RegisterRoute } from '../http/endpoint'
import { clientAddress } from '../http/client-address'
import type { SuiteContext } from '../http/env'
import { ApiError, rateLimited } from '../http/errors'
import { hit } from '../services/rate-limit'

export function registerLogRoutes(route: RegisterRoute, deps: SuiteDeps) {
  const limitSize = bodyLimit({
    maxSize: LOG_MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `A log entry may be at most ${LOG_MAX_BODY_BYTES} bytes`)
    },
  })
  // Counted before the entry is read: malformed entries use up the client's allowance too.
  const limitRate = async (c: SuiteContext, next: () => Promise<void>) => {
    const { count, retryAfter } = await hit(deps.db, `logs:${clientAddress(c, deps.settings.trustedProxies)}`, 60_000, deps.clock.now())
    if (count > LOG_ENTRIES_PER_MINUTE) throw rateLimited('Too many log entries; slow down', retryAfter)
    await next()
  }
  route(
    ENDPOINTS.logsCollector,
    async (c, { body: entry }) => {
      await deps.db.insert(frontEndLogs).values({
        entryId: entry.id,
        application: entry.application,
        module: entry.module,
        severity: entry.severity,
        tags: entry.tags,
        userId: entry.user_auth.id,
        userRoles: entry.user_auth.roles,
        eventAt: entry.event_at,
        log: entry.log,
        receivedAt: deps.clock.now(),
      })
      c.status(201)
      return { id: entry.id }
    },
    { before: [limitSize, limitRate] },
  )
}
