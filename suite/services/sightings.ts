// Devices and network addresses seen when a member signs up or applies (contract/sightings.ts):
// each kept only as a keyed hash, and linked to the other accounts seen with it — with one device at
// any time within retention, with one network address only within NETWORK_LINK_WINDOW_MINUTES of
// each other (addresses are shared and change hands). Each sighting costs one indexed lookup.
import { createHmac, hkdfSync } from 'node:crypto'
import { and, asc, eq, gte, isNull, lte, ne } from 'drizzle-orm'
import { NETWORK_LINK_WINDOW_MINUTES, SIGHTING_RETENTION_DAYS, type SightingExport } from '../../contract/sightings'
import type { Executor } from '../db/client'
import { members, memberSightings } from '../db/schema'
import { recordLinks } from './account-links'

type SightingKind = (typeof memberSightings.$inferInsert)['kind']
type SightingEvent = (typeof memberSightings.$inferInsert)['event']

/** What the call was seen with: the portal's device id, and the browser's network (normalise.ts networkKey); null when not known. */
export type Seen = { device: string | null; network: string | null }

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
/**
 * At most this many accounts are linked by one sighting: an address that many accounts were seen at
 * within the window is a shared one (a carrier's, a campus's), and the write stays bounded.
 */
const LINKS_PER_SIGHTING = 100

/**
 * The hashes are keyed with a key of their own, derived from the server secret with a label (the
 * secret itself seals other things): without it a hash cannot be tested against guessed addresses.
 * Changing the secret starts the hashes afresh: sightings from before link nothing more.
 */
const derivedKeys = new Map<string, Buffer>()
function sightingKey(secret: string): Buffer {
  let key = derivedKeys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, '', 'member-sightings', 32))
    derivedKeys.set(secret, key)
  }
  return key
}

/** The keyed hash (HMAC-SHA256) a device id or network is kept as. */
export function sightingHash(secret: string, value: string): string {
  return createHmac('sha256', sightingKey(secret)).update(value).digest('hex')
}

/** Who else was seen with this value: any time within retention for a device, within the window either side for a network. */
function linkedWindow(kind: SightingKind, now: Date): { from: Date; to: Date } {
  if (kind === 'device') return { from: new Date(now.getTime() - SIGHTING_RETENTION_DAYS * DAY_MS), to: now }
  const window = NETWORK_LINK_WINDOW_MINUTES * MINUTE_MS
  return { from: new Date(now.getTime() - window), to: new Date(now.getTime() + window) }
}

/**
 * Records the member's sightings at this event and links them to the accounts seen with the same
 * device or network; run in the sign-up's or application's transaction, so both stand or fall together.
 */
export async function recordSightings(ex: Executor, secret: string, memberId: string, seen: Seen, event: SightingEvent, now: Date): Promise<void> {
  const values: [SightingKind, string | null][] = [
    ['device', seen.device],
    ['network', seen.network],
  ]
  for (const [kind, value] of values) {
    if (!value) continue
    const valueHash = sightingHash(secret, value)
    const { from, to } = linkedWindow(kind, now)
    const others = await ex
      .selectDistinct({ id: memberSightings.memberId })
      .from(memberSightings)
      .innerJoin(members, eq(members.id, memberSightings.memberId))
      .where(
        and(
          eq(memberSightings.kind, kind),
          eq(memberSightings.valueHash, valueHash),
          gte(memberSightings.seenAt, from),
          lte(memberSightings.seenAt, to),
          ne(memberSightings.memberId, memberId),
          isNull(members.pseudonymizedAt),
        ),
      )
      .limit(LINKS_PER_SIGHTING)
    await ex.insert(memberSightings).values({ memberId, kind, valueHash, event, seenAt: now })
    await recordLinks(
      ex,
      memberId,
      others.map((o) => o.id),
      kind,
      now,
    )
  }
}

/** The member's own sightings for their data export: what was seen at which event and when, oldest first (never the hash). */
export async function sightingsOf(ex: Executor, memberId: string): Promise<SightingExport[]> {
  const rows = await ex
    .select({ kind: memberSightings.kind, event: memberSightings.event, seenAt: memberSightings.seenAt })
    .from(memberSightings)
    .where(eq(memberSightings.memberId, memberId))
    .orderBy(asc(memberSightings.seenAt))
  return rows.map((r) => ({ ...r, seenAt: r.seenAt.toISOString() }))
}
