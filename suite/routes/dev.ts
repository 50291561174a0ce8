// Local mode only (not registered in production): the outbox of e-mails and SMS the suite sent,
// for tests and for a person trying the product, the operator commands of the ops CLI, and the
// clock offset browser tests use to age a sign-in.
import type { Hono } from 'hono'
import { OutboxQuerySchema } from '../../contract/outbox'
import { DevClockBodySchema } from '../../contract/dev-clock'
import { DEV_CLOCK_PATH, DEV_OPS_PATH, DEV_OUTBOX_PATH } from '../../contract/paths'
import { OpsCommandSchema, runOpsCommand } from '../ops-commands'
import type { SuiteDeps } from '../deps'
import type { SuiteEnv } from '../http/env'
import { ok } from '../http/respond'
import { parseBody, parseQuery } from '../http/validate'
import { listOutbox } from '../services/outbox'

export function registerDevRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  if (deps.settings.mode === 'production') return
  app.get(`/${DEV_OUTBOX_PATH}`, async (c) => {
    const query = parseQuery(c, OutboxQuerySchema)
    return ok(c, { messages: await listOutbox(deps.db, query) })
  })
  app.post(`/${DEV_OPS_PATH}`, async (c) => {
    const command = await parseBody(c, OpsCommandSchema)
    return ok(c, await runOpsCommand(deps, command))
  })
  // Only when local mode built a clock that can be moved (never in production, nor in-process tests,
  // which move their own TestClock).
  const { adjustClock } = deps
  if (adjustClock) {
    app.post(`/${DEV_CLOCK_PATH}`, async (c) => {
      const body = await parseBody(c, DevClockBodySchema)
      adjustClock(body.offsetSeconds * 1000)
      return ok(c, { offsetSeconds: body.offsetSeconds, now: deps.clock.now().toISOString() })
    })
  }
}
