// POST logs_collector: front-end log entries, signed in or not, size- and rate-limited per client.
import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LOG_ENTRIES_PER_MINUTE, LOG_MAX_BODY_BYTES, LogEntrySchema } from '../../contract/logs'
import { LOGS_COLLECTOR_PATH } from '../../contract/paths'
import { frontEndLogs } from '../db/schema'
import type { SuiteDeps } from '../deps'
import type { SuiteContext, SuiteEnv } from '../http/env'
import { ApiError, rateLimited } from '../http/errors'
import { ok } from '../http/respond'
import { parseBody } from '../http/validate'
import { hit } from '../services/rate-limit'

/** The client's address: the proxy's X-Forwarded-For when trusted, else the socket's. */
export function clientAddress(c: SuiteContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'unknown'
}

export function registerLogRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  app.post(
    `/${LOGS_COLLECTOR_PATH}`,
    bodyLimit({
      maxSize: LOG_MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError('PAYLOAD_TOO_LARGE', `A log entry may be at most ${LOG_MAX_BODY_BYTES} bytes`)
      },
    }),
    async (c) => {
      const now = deps.clock.now()
      const { count, retryAfter } = await hit(deps.db, `logs:${clientAddress(c, deps.settings.trustProxy)}`, 60_000, now)
      if (count > LOG_ENTRIES_PER_MINUTE) throw rateLimited('Too many log entries; slow down', retryAfter)
      const entry = await parseBody(c, LogEntrySchema)
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
        receivedAt: now,
      })
      return ok(c, { id: entry.id }, 201)
    },
  )
}
