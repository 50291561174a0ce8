// What is kept only for a while: outbox messages once delivered, given up on or withheld, one-time codes
// past their expiry, front-end log entries, rate-limit windows, and review photos uploaded for a
// review that was never sent (with their files), each older than the retention period
// (RETENTION_DAYS); and the devices and network addresses seen at sign-up and application, after
// their own period (SIGHTING_RETENTION_DAYS, which the privacy notice states). The server purges
// hourly; operators can purge at once (`purge`).
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { SIGHTING_RETENTION_DAYS } from '../../contract/sightings'
import { frontEndLogs, memberSightings, otpCodes, outbox, rateLimits, reviewPhotos } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { removePhotoFiles } from './review-photos'

export const DEFAULT_RETENTION_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

export interface Purged {
  outbox: number
  otpCodes: number
  frontEndLogs: number
  rateLimits: number
  draftPhotos: number
  sightings: number
}

/** Deletes what is older than `days` days at `now`; a message still waiting for delivery is kept, however old. */
export async function purgeExpired(deps: Pick<SuiteDeps, 'db' | 'photoStorage' | 'logger'>, now: Date, days: number): Promise<Purged> {
  const ex = deps.db
  const before = new Date(now.getTime() - days * DAY_MS)
  const messages = await ex
    .delete(outbox)
    .where(and(lt(outbox.createdAt, before), or(isNotNull(outbox.sentAt), isNotNull(outbox.failedAt), isNotNull(outbox.withheldAt))))
    .returning({ id: outbox.id })
  const codes = await ex.delete(otpCodes).where(lt(otpCodes.expiresAt, before)).returning({ id: otpCodes.id })
  const logs = await ex.delete(frontEndLogs).where(lt(frontEndLogs.receivedAt, before)).returning({ id: frontEndLogs.id })
  const windows = await ex.delete(rateLimits).where(lt(rateLimits.windowStart, before)).returning({ key: rateLimits.key })
  const drafts = await ex
    .delete(reviewPhotos)
    .where(and(isNull(reviewPhotos.reviewId), lt(reviewPhotos.createdAt, before)))
    .returning({ id: reviewPhotos.id })
  // Their period is the privacy notice's, not RETENTION_DAYS: an operator's shorter purge leaves them.
  const sightingsBefore = new Date(now.getTime() - SIGHTING_RETENTION_DAYS * DAY_MS)
  const sightings = await ex.delete(memberSightings).where(lt(memberSightings.seenAt, sightingsBefore)).returning({ id: memberSightings.id })
  await removePhotoFiles(
    deps,
    drafts.map((photo) => photo.id),
  )
  return {
    outbox: messages.length,
    otpCodes: codes.length,
    frontEndLogs: logs.length,
    rateLimits: windows.length,
    draftPhotos: drafts.length,
    sightings: sightings.length,
  }
}
