/**
 * The address of the client a request came from: the socket's, unless the socket is a trusted
 * proxy (a load balancer, or the portal in front of the member API), whose X-Forwarded-For then
 * names the client — the entry nearest to us that is not itself a trusted proxy. Anyone else's
 * X-Forwarded-For is ignored: a client cannot choose its own rate-limit bucket.
 */
export function forwardedClient(socketAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const peer = (socketAddress ?? 'unknown').replace(/^::ffff:/, '')
  if (!trustedProxies.includes(peer)) return peer
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/^::ffff:/, ''))
    .filter(Boolean)
  return forwarded.reverse().find((entry) => !trustedProxies.includes(entry)) ?? peer
}
