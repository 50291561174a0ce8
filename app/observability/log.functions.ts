import { createServerFn } from '@tanstack/react-start'
import { LogAcceptedSchema, LogEntrySchema } from '#contract/logs'
import { LOGS_COLLECTOR_PATH } from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuite } from '~/upstream/suite-client.server'

/**
 * Forwards a front-end log entry to the member API's collector. The member id in the entry is the
 * verified caller's, never what the browser claims; the member's credential is not forwarded (the
 * collector is not a member path), but the browser's address is, for the collector's rate limit.
 */
export const sendLogEntryFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(LogEntrySchema)
  .handler(async ({ context, data }) => {
    const entry = { ...data, user_auth: { ...data.user_auth, id: context.member?.uid ?? null } }
    const { getRequestIP } = await import('@tanstack/react-start/server')
    const clientIp = getRequestIP() ?? undefined
    const result = await callSuite({ method: 'POST', path: LOGS_COLLECTOR_PATH, body: entry, schema: LogAcceptedSchema, clientIp })
    return { sent: result.ok }
  })
