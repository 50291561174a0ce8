import { formatEventAt, type LogEntry } from '#contract/logs'

/** The application name in front-end log entries. */
export const LOG_APPLICATION = 'testers-circle-portal'

/**
 * The page address as logs keep it: origin and path only. Query strings carry one-time codes
 * (password reset, sign-in links) that must never reach a log.
 */
export function pageAddress(href: string): string {
  try {
    const url = new URL(href)
    return `${url.origin}${url.pathname}`
  } catch {
    return ''
  }
}

/** A front-end log entry, as the log collector takes it. */
export function frontEndLogEntry(input: {
  module: string
  uid: string | null
  log: string
  tags?: string[]
  severity?: LogEntry['severity']
  now?: Date
}): LogEntry {
  return {
    id: crypto.randomUUID(),
    type: 'front-end',
    application: LOG_APPLICATION,
    module: pageAddress(input.module).slice(0, 2000),
    user_auth: { type: 'member', roles: [], id: input.uid },
    severity: input.severity ?? 'ERROR',
    tags: (input.tags ?? []).slice(0, 20),
    event_at: formatEventAt(input.now ?? new Date()),
    log: input.log.slice(0, 10_000),
  }
}

/** The text of an error worth logging: its message and stack, or whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ? `${error.message}\n${error.stack}` : error.message
  try {
    return typeof error === 'string' ? error : JSON.stringify(error)
  } catch {
    return String(error)
  }
}

/**
 * Passes each distinct error once per window: a loop that throws the same error a thousand times
 * sends one entry, not a thousand.
 */
export function createThrottle(windowMs: number, now: () => number = Date.now) {
  const seen = new Map<string, number>()
  return (key: string): boolean => {
    const t = now()
    for (const [k, at] of seen) if (t - at >= windowMs) seen.delete(k)
    if (seen.has(key)) return false
    seen.set(key, t)
    return true
  }
}
