// Local mode only (not registered in production): the outbox of e-mails and SMS the suite sent,
// for tests and for a person trying the product, the operator commands of the ops CLI, and the
// clock offset browser tests use to age a sign-in.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import type { RegisterRoute } from '../http/endpoint'
import { runOpsCommand } from '../ops-commands'
import { listOutbox } from '../services/outbox'

export function registerDevRoutes(route: RegisterRoute, deps: SuiteDeps) {
  if (deps.settings.mode === 'production') return
  route(ENDPOINTS.devOutbox, async (_c, { query }) => ({ messages: await listOutbox(deps.db, query) }))
  route(ENDPOINTS.devOps, (_c, { body }) => runOpsCommand(deps, body))
  // Only when local mode built a clock that can be moved (never in production, nor in-process tests,
  // which move their own TestClock).
  const { adjustClock } = deps
  if (adjustClock) {
    route(ENDPOINTS.devClock, (_c, { body }) => {
      adjustClock(body.offsetSeconds * 1000)
      return { offsetSeconds: body.offsetSeconds, now: deps.clock.now().toISOString() }
    })
  }
}
