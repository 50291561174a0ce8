// The bot check of a protected endpoint (its entry names a `bot` action): a middleware the route
// registrar puts after the credential and before the query, the body and the handler, so a refused
// call changes nothing.
import type { MiddlewareHandler } from 'hono'
import { BOT_TOKEN_HEADER, type BotAction } from '../../contract/bot-protection'
import type { SuiteDeps } from '../deps'
import { BotCheckUnavailable } from '../services/bot-check'
import { clientAddress } from './client-address'
import type { SuiteContext, SuiteEnv } from './env'
import { ApiError } from './errors'
import { requestLog } from './log'

export const botCheckFailed = () =>
  new ApiError('BOT_CHECK_FAILED', 'We could not confirm that this request comes from a person: get a new token and send it again')

/**
 * Refuses the call unless its token passes for `action`: BOT_CHECK_FAILED (400) for a missing,
 * refused or low-scoring token; UNAVAILABLE (503) when the provider could not be asked. Neither
 * lets the handler run.
 */
export async function requireHuman(c: SuiteContext, deps: Pick<SuiteDeps, 'botCheck' | 'logger' | 'settings'>, action: BotAction): Promise<void> {
  const token = c.req.header(BOT_TOKEN_HEADER)?.trim() || null
  let verdict
  try {
    verdict = await deps.botCheck.verify({ token, action, clientIp: clientAddress(c, deps.settings.trustedProxies) })
  } catch (error) {
    if (!(error instanceof BotCheckUnavailable)) throw error
    requestLog(deps, c).warn({ action, reason: error.message }, 'bot check could not be made')
    throw new ApiError('UNAVAILABLE', 'The bot check could not be made just now; nothing was done. Try again in a moment')
  }
  if (!verdict.ok) {
    requestLog(deps, c).info({ action, reason: verdict.reason }, 'bot check refused')
    throw botCheckFailed()
  }
}

/** requireHuman as a route middleware. */
export function botCheck(deps: Pick<SuiteDeps, 'botCheck' | 'logger' | 'settings'>, action: BotAction): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    await requireHuman(c, deps, action)
    await next()
  }
}
