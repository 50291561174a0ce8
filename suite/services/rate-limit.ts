// Fixed-window counters in the database, so a limit holds across every suite process.
import { lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { rateLimits } from '../db/schema'

export interface Hit {
  count: number
  /** Seconds until the window resets. */
  retryAfter: number
}

/** Counts one event for `key` in the current window (an atomic upsert) and returns the count. */
export async function hit(ex: Executor, key: string, windowMs: number, now: Date): Promise<Hit> {
  const start = Math.floor(now.getTime() / windowMs) * windowMs
  const [row] = await ex
    .insert(rateLimits)
    .values({ key, windowStart: new Date(start), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
  // Old windows are garbage; sweeping now and then keeps the table small.
  if (Math.random() < 0.01) await ex.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 2 * 24 * 3600_000)))
  return { count: row?.count ?? 1, retryAfter: Math.ceil((start + windowMs - now.getTime()) / 1000) }
}
