import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'
import { createThrottle, frontEndLogEntry } from './log-entry'

const allow = createThrottle(60_000)

/** A page that failed during server rendering goes to the log collector too (severity ERROR). */
export async function reportServerPageError(request: Request, status: number): Promise<void> {
  const { pathname } = new URL(request.url)
  if (!allow(`${status} ${pathname}`)) return
  const entry = frontEndLogEntry({ module: request.url, uid: null, log: `Server rendering of ${pathname} failed with status ${status}`, tags: ['ssr'] })
  await callEndpoint(ENDPOINTS.logsCollector, { body: entry }).catch(() => undefined)
}
