// Reads that may lag a little (the public pages' data: published reviews, campaigns, categories)
// go to a streaming replica of the database while it answers; everything else, and everything a
// member changed, reads the primary. When the replica's connection fails, the read is made again
// on the primary and the replica is left alone for a while: the member API keeps answering.
import type { Logger } from 'pino'
import type { Db } from './client'

/** Runs a read that may lag a little on the replica when there is one (and it answers), else on the primary. */
export type LaggingRead = <T>(work: (db: Db) => Promise<T>) => Promise<T>

/** How long the replica is left alone after its connection failed. */
const REST_MS = 10_000

/** Errors of the connection rather than of the query: refused, reset, timed out, closed, or the server shutting down or starting. */
export function isConnectionFailure(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : ''
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|CONNECT_TIMEOUT|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED)$/.test(code))
      return true
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, crashed, cannot connect now).
    if (/^(08\w{3}|57P0[123])$/.test(code)) return true
  }
  return false
}

export function laggingReads(primary: Db, replica: Db | null, logger: Logger, now: () => number = Date.now): LaggingRead {
  if (!replica) return (work) => work(primary)
  let restingUntil = 0
  return async (work) => {
    if (now() < restingUntil) return work(primary)
    try {
      return await work(replica)
    } catch (error) {
      if (!isConnectionFailure(error)) throw error
      restingUntil = now() + REST_MS
      logger.warn({ err: error, restSeconds: REST_MS / 1000 }, 'the read replica does not answer: reading from the primary')
      return work(primary)
    }
  }
}
