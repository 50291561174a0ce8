import { forwardedClient } from '../../contract/client-address'
import type { SuiteContext } from './env'

/** The client's address, as the portal (a trusted proxy) names it or the socket gives it. */
export function clientAddress(c: SuiteContext, trustedProxies: readonly string[]): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return forwardedClient(incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustedProxies)
}
