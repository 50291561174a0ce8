import { createThrottle, describeError, frontEndLogEntry } from './log-entry'
import { sendLogEntryFn } from './log.functions'

const allow = createThrottle(60_000)

/** Sends an error from the browser to the log collector (severity ERROR). Never throws. */
export function reportClientError(error: unknown, tags: string[] = []): void {
  try {
    const text = describeError(error)
    if (!allow(text.split('\n')[0] ?? text)) return
    // No member id from the browser: the server writes the verified caller's (log.functions.ts),
    // whether or not Firebase is loaded on the page.
    const entry = frontEndLogEntry({ module: window.location.href, uid: null, log: text, tags: ['browser', ...tags] })
    void sendLogEntryFn({ data: entry }).catch(() => undefined)
  } catch {
    // Logging must never become the next error.
  }
}

let installed = false

/** Uncaught errors and unhandled rejections in the browser go to the log collector. */
export function installErrorReporting(): void {
  if (installed || typeof window === 'undefined') return
  installed = true
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message, ['uncaught']))
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason, ['unhandled-rejection']))
}
