import { createServerFn } from '@tanstack/react-start'
import { LogEntrySchema } from '#contract/logs'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

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
    const result = await callEndpoint(ENDPOINTS.logsCollector, { body: entry, clientIp: await browserAddress() })
    return { sent: result.ok }
  })
