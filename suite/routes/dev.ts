// Local mode only (not registered in production): the outbox of e-mails and SMS the suite sent,
// for tests and for a person trying the product, and the operator commands of the ops CLI.
import type { Hono } from 'hono'
import { OutboxQuerySchema } from '../../contract/outbox'
import { DEV_OPS_PATH, DEV_OUTBOX_PATH } from '../../contract/paths'
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
}
