// Probes: healthz (the process answers), readyz (the database answers and the process is not stopping).
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import type { RegisterRoute } from '../http/endpoint'
import { ApiError } from '../http/errors'
import { requestLog } from '../http/log'

export function registerHealthRoutes(route: RegisterRoute, deps: SuiteDeps) {
  const started = Date.now()
  route(ENDPOINTS.healthz, () => ({ service: 'suite' as const, uptimeSeconds: Math.round((Date.now() - started) / 1000) }))
  route(ENDPOINTS.readyz, async (c) => {
    // Stopping: a load balancer takes the process out of its rotation while it finishes what is in flight.
    if (deps.lifecycle?.draining) throw new ApiError('UNAVAILABLE', 'The process is stopping')
    try {
      await deps.ping()
    } catch (error) {
      requestLog(deps, c).warn({ err: error }, 'database not reachable')
      throw new ApiError('UNAVAILABLE', 'The database is not reachable')
    }
    return { database: 'up' as const }
  })
}
