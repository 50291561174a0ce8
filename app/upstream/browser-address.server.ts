import { forwardedClient } from '#contract/client-address'

/**
 * The address of the browser whose request this server is answering: the member API limits some
 * calls per client (log entries, text messages) and is told it with the call. Behind a load
 * balancer (TRUSTED_PROXIES) it is the one the balancer forwarded; otherwise the socket's.
 */
let startServer: Promise<typeof import('@tanstack/react-start/server')> | undefined

export async function browserAddress(): Promise<string | undefined> {
  const [{ getRequestIP, getRequestHeader }, { portalConfig }] = await Promise.all([
    (startServer ??= import('@tanstack/react-start/server')),
    import('~/config/config.server'),
  ])
  const socket = getRequestIP()
  if (!socket) return undefined
  return forwardedClient(socket, getRequestHeader('x-forwarded-for'), portalConfig().trustedProxies)
}

/** The browser's user agent, as this server received it (staff calls forward it for the audit entry). */
export async function browserUserAgent(): Promise<string | undefined> {
  const { getRequestHeader } = await (startServer ??= import('@tanstack/react-start/server'))
  return getRequestHeader('user-agent') ?? undefined
}
