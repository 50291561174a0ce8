/**
 * The address of the browser whose request this server is answering, as this server saw it: the
 * member API limits some calls per client (log entries, text messages) and is told it with the call.
 */
let startServer: Promise<typeof import('@tanstack/react-start/server')> | undefined

export async function browserAddress(): Promise<string | undefined> {
  const { getRequestIP } = await (startServer ??= import('@tanstack/react-start/server'))
  return getRequestIP() ?? undefined
}

/** The browser's user agent, as this server received it (staff calls forward it for the audit entry). */
export async function browserUserAgent(): Promise<string | undefined> {
  const { getRequestHeader } = await (startServer ??= import('@tanstack/react-start/server'))
  return getRequestHeader('user-agent') ?? undefined
}
