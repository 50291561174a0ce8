// How many exports one person takes: at most EXPORTS_AT_ONCE running at once and EXPORTS_PER_HOUR
// started in a clock hour (contract/staff.ts), so that no one account, staff or brand, can drain the
// product's members' data or hold its database and photo store with downloads. A refusal answers
// 429 with the reason `export-limit` before anything is read.
//
// The hourly count is kept in the database (rate_limits, an atomic upsert), so it holds across every
// member-API process. The count of exports running is this process's own: a download's stream lives
// in the process that writes it, and a row per running export would outlive a process that dies in
// the middle. With several member APIs a person may therefore run EXPORTS_AT_ONCE in each, which
// the hourly limit still bounds.
import { EXPORTS_AT_ONCE, EXPORTS_PER_HOUR } from '../../contract/staff'
import type { StaffActor } from '../actors/actor'
import type { SuiteDeps } from '../deps'
import { ApiError } from '../http/errors'
import { hit } from '../services/rate-limit'

const HOUR_MS = 3600_000
/** When a person at the limit of exports at once is told to try again (a small export takes seconds). */
const AT_ONCE_RETRY_SECONDS = 30

/** Exports running in this process, per person. */
const running = new Map<string, number>()

const exportLimit = (limit: 'at-once' | 'per-hour', retryAfterSeconds: number) =>
  new ApiError(
    'RATE_LIMITED',
    limit === 'at-once'
      ? `At most ${EXPORTS_AT_ONCE} exports may run at once: wait for one to finish`
      : `At most ${EXPORTS_PER_HOUR} exports may be started in an hour: try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`,
    undefined,
    retryAfterSeconds,
    { code: 'export-limit', limit, retryAfterSeconds },
  )

/** The exports of this person running in this process now. */
export const exportsRunning = (uid: string) => running.get(uid) ?? 0

/**
 * Takes one of the person's exports, or refuses with `export-limit`. The returned release gives it
 * back; it may be called more than once (only the first counts).
 */
export async function takeExport(deps: SuiteDeps, actor: StaffActor): Promise<() => void> {
  if (exportsRunning(actor.uid) >= EXPORTS_AT_ONCE) throw exportLimit('at-once', AT_ONCE_RETRY_SECONDS)
  const { count, retryAfter } = await hit(deps.db, `exports:${actor.uid}`, HOUR_MS, deps.clock.now())
  if (count > EXPORTS_PER_HOUR) throw exportLimit('per-hour', Math.max(1, retryAfter))
  // Checked again: another export of the person's may have started while the hour was counted.
  if (exportsRunning(actor.uid) >= EXPORTS_AT_ONCE) throw exportLimit('at-once', AT_ONCE_RETRY_SECONDS)
  running.set(actor.uid, exportsRunning(actor.uid) + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = exportsRunning(actor.uid) - 1
    if (left > 0) running.set(actor.uid, left)
    else running.delete(actor.uid)
  }
}

/** The stream as it was, giving the export back once it ends, fails or its reader goes away. */
export function releasedWhenDone(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read()
          if (done) {
            release()
            controller.close()
          } else controller.enqueue(value)
        } catch (error) {
          release()
          controller.error(error)
        }
      },
      async cancel(reason) {
        release()
        await reader.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
}

/**
 * Runs an export under the person's limits: `open` checks what it must (the campaign, the filters),
 * writes the audit entry and returns the stream; the export is given back when the stream ends, or
 * at once when `open` fails.
 */
export async function limitedExport(deps: SuiteDeps, actor: StaffActor, open: () => Promise<ReadableStream<Uint8Array>>): Promise<ReadableStream<Uint8Array>> {
  const release = await takeExport(deps, actor)
  try {
    return releasedWhenDone(await open(), release)
  } catch (error) {
    release()
    throw error
  }
}
