// Curated selection, its end: once a curated flight's sign-up has closed, the applicants staff did
// not choose are told so, once each.
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import { campaigns, flights, members, participations } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notifyMember } from './notify'

export interface UnchosenResult {
  /** Curated flights whose applicants not chosen were told in this run. */
  flights: number
  /** Participations that became 'not-selected', each told by e-mail. */
  told: number
}

/**
 * A flight is due once its sign-up has closed and its applicants not chosen have not been told
 * since: never told, or told before the close it has now (its sign-up was reopened and has closed
 * again, leaving only the applicants of the reopening to tell).
 */
const due = (now: Date) => and(lte(flights.signupClosesAt, now), or(isNull(flights.unchosenToldAt), lt(flights.unchosenToldAt, flights.signupClosesAt)))

/**
 * Tells the applicants of curated flights whose sign-up has closed that they were not chosen: each
 * 'applied' participation of such a flight becomes 'not-selected' and its member gets an e-mail
 * (transactional: sent whatever their notification settings). Each flight is claimed by setting
 * its unchosen_told_at in the transaction that changes its participations and writes the e-mails,
 * with an UPDATE that only matches a flight still due: of several member-API processes sweeping at
 * once, one claims the flight and the others find it claimed (the row lock makes them wait for its
 * commit and check again), so nobody is told twice. The claim also locks the flight as sign-ups and
 * staff selections do, so a selection made before the sweep counts, and one made after it finds
 * 'not-selected' participations, which staff may still choose (selectInFlight).
 */
export async function tellUnchosen(deps: SuiteDeps, now: Date): Promise<UnchosenResult> {
  const curated = deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.selectionMode, 'curated'))
  const candidates = await deps.db
    .select({ id: flights.id })
    .from(flights)
    .where(and(inArray(flights.campaignId, curated), due(now)))
  const result: UnchosenResult = { flights: 0, told: 0 }
  for (const candidate of candidates) {
    const told = await deps.db.transaction(async (tx) => {
      const [flight] = await tx
        .update(flights)
        .set({ unchosenToldAt: now })
        .where(and(eq(flights.id, candidate.id), due(now)))
        .returning()
      if (!flight) return null
      const [campaign] = await tx
        .select({ title: campaigns.title, selectionMode: campaigns.selectionMode })
        .from(campaigns)
        .where(eq(campaigns.id, flight.campaignId))
      // A campaign turned first-come since the candidates were read leaves its applicants as they are.
      if (!campaign || campaign.selectionMode !== 'curated') return 0
      const unchosen = await tx
        .update(participations)
        .set({ status: 'not-selected', updatedAt: now })
        .where(and(eq(participations.flightId, flight.id), eq(participations.status, 'applied')))
        .returning({ memberId: participations.memberId })
      if (unchosen.length === 0) return 0
      const recipients = await tx
        .select({ id: members.id, firstName: members.firstName })
        .from(members)
        .where(
          inArray(
            members.id,
            unchosen.map((p) => p.memberId),
          ),
        )
      // notifyMember writes to no deleted member.
      for (const member of recipients) {
        await notifyMember(tx, deps, member.id, {
          template: 'not-chosen',
          params: { firstName: member.firstName || null, campaignTitle: campaign.title, flightName: flight.name },
        })
      }
      return unchosen.length
    })
    if (told === null) continue
    result.flights += 1
    result.told += told
  }
  return result
}
