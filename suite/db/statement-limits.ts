// The time limits of the member API's statements (db/client.ts opens the connections with them).

/**
 * How long one statement may run before PostgreSQL cancels it (statement_timeout, a default of each
 * connection): short on the connections member, public and console calls use, so one slow query
 * cannot hold the pool others wait for; longer on a small pool of their own for the work that reads
 * much (exports, background jobs). STATEMENT_TIMEOUT_SECONDS and LONG_STATEMENT_TIMEOUT_SECONDS.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000
export const DEFAULT_LONG_STATEMENT_TIMEOUT_MS = 300_000
/** Connections of the pool for long work, per process: at most this many long statements at once. */
export const LONG_WORK_CONNECTIONS = 4

/** PostgreSQL's code for a statement cancelled (query_canceled): by statement_timeout here. */
export const QUERY_CANCELED = '57014'

/** True when the error (or the error drizzle wrapped) is a statement PostgreSQL cancelled. */
export function isStatementCancelled(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true
  }
  return false
}
