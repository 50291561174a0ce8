// Probes: healthz (the process answers), readyz (the database answers).
import type { Hono } from 'hono'
import { HEALTHZ_PATH, READYZ_PATH } from '../../contract/paths'
import type { SuiteDeps } from '../deps'
import type { SuiteEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { requestLog } from '../http/log'
import { ok } from '../http/respond'

export function registerHealthRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const started = Date.now()
  app.get(`/${HEALTHZ_PATH}`, (c) => ok(c, { service: 'suite' as const, uptimeSeconds: Math.round((Date.now() - started) / 1000) }))
  app.get(`/${READYZ_PATH}`, async (c) => {
    try {
      await deps.ping()
    } catch (error) {
      requestLog(deps, c).warn({ err: error }, 'database not reachable')
      throw new ApiError('UNAVAILABLE', 'The database is not reachable')
    }
    return ok(c, { database: 'up' as const })
  })
}
