import type { SuiteContext } from './env'

/**
 * The client's address: the socket's, unless the socket is a trusted proxy (the portal), whose
 * X-Forwarded-For then names the client (the entry nearest to us that is not itself a proxy).
 * Anyone else's X-Forwarded-For is ignored: a client cannot choose its own rate-limit bucket.
 */
export function clientAddress(c: SuiteContext, trustedProxies: readonly string[]): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  const peer = (incoming?.socket?.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')
  if (!trustedProxies.includes(peer)) return peer
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return forwarded.reverse().find((entry) => !trustedProxies.includes(entry)) ?? peer
}
