// The logger of one request: its request id and, once known, its member's id on every line.
import type { SuiteDeps } from '../deps'
import type { SuiteContext } from './env'

/** Made on first use and kept for the rest of the request. */
export function requestLog(deps: Pick<SuiteDeps, 'logger'>, c: SuiteContext) {
  let log = c.get('log')
  if (!log) {
    const memberId = c.get('member')?.id
    const traceId = c.get('traceId')
    log = deps.logger.child({ requestId: c.get('requestId'), ...(traceId && { traceId }), ...(memberId && { memberId }) })
    c.set('log', log)
  }
  return log
}
