// The new-campaigns digest: members who want new campaigns (by e-mail or text) are told of the
// published campaigns that opened for sign-up lately and whose rules they meet (country, age,
// preferences, tier: the sign-up's own rules), each campaign once, in at most one message a day.
// Each member is looked at once a day at most: one with nothing to be told waits for the next day.
// The day's row, the campaigns' rows and the message are written in one transaction, so two
// member-API processes sweeping at once send one digest.
import { and, asc, between, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { withEligibilityDefaults } from '../../contract/campaigns'
import { campaignAnnouncements, campaigns, digestDays, flights, members, products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { phaseOf } from './campaigns'
import { eligibilityFacts, ineligibleReasons } from './eligibility'
import { notifyMember } from './notify'

/** A campaign counts as new for this long after its flight's sign-up opened. */
const NEW_FOR_MS = 7 * 24 * 60 * 60 * 1000

/** Sends the digests due now; resolves to how many members were told. */
export async function sendCampaignDigests(deps: SuiteDeps, now: Date, batchSize = 500): Promise<{ told: number }> {
  const since = new Date(now.getTime() - NEW_FOR_MS)
  const open = (
    await deps.db
      .select({ id: campaigns.id, title: campaigns.title, eligibility: campaigns.eligibility, brandId: products.brandId, flight: flights })
      .from(campaigns)
      .innerJoin(flights, eq(flights.campaignId, campaigns.id))
      .innerJoin(products, eq(products.id, campaigns.productId))
      .where(and(eq(campaigns.status, 'published'), between(flights.signupOpensAt, since, now)))
  )
    .filter((row) => phaseOf(row.flight, now) === 'open')
    // One entry per campaign, whichever of its flights is open.
    .filter((row, index, rows) => rows.findIndex((other) => other.id === row.id) === index)
  if (open.length === 0) return { told: 0 }
  const day = now.toISOString().slice(0, 10)
  // Members who asked for new campaigns on either channel and have no digest today, `batchSize` at
  // a time in id order: a community of a million is read a batch at a time, not held at once.
  const wantingAfter = (after: string | null) =>
    deps.db
      .select({ id: members.id })
      .from(members)
      .leftJoin(digestDays, and(eq(digestDays.memberId, members.id), eq(digestDays.day, day)))
      .where(
        and(
          isNull(members.pseudonymizedAt),
          isNull(digestDays.memberId),
          or(
            sql`(${members.notificationSettings} -> 'email' ->> 'newCampaigns')::boolean`,
            sql`(${members.notificationSettings} -> 'sms' ->> 'newCampaigns')::boolean`,
          ),
          after ? gt(members.id, after) : undefined,
        ),
      )
      .orderBy(asc(members.id))
      .limit(batchSize)
  let told = 0
  let after: string | null = null
  for (;;) {
    const wanting: Array<{ id: string }> = await wantingAfter(after)
    for (const { id } of wanting) {
      const sent = await deps.db.transaction(async (tx) => {
        const [member] = await tx.select().from(members).where(eq(members.id, id)).for('update')
        if (!member || member.pseudonymizedAt) return false
        const announced = new Set(
          (
            await tx
              .select({ campaignId: campaignAnnouncements.campaignId })
              .from(campaignAnnouncements)
              .where(
                and(
                  eq(campaignAnnouncements.memberId, id),
                  inArray(
                    campaignAnnouncements.campaignId,
                    open.map((c) => c.id),
                  ),
                ),
              )
          ).map((row) => row.campaignId),
        )
        // Once a day: a second process or sweep finds the day taken and sends nothing. A member with
        // nothing to be told settles the day too (told: false), and waits for tomorrow's look.
        const settle = async (told: boolean) =>
          (await tx.insert(digestDays).values({ memberId: id, day, told }).onConflictDoNothing().returning({ day: digestDays.day })).length > 0
        const fresh = open.filter((c) => !announced.has(c.id))
        const withTier = fresh.some((c) => withEligibilityDefaults(c.eligibility).minTier !== null)
        const facts = fresh.length > 0 ? await eligibilityFacts(tx, member, now, withTier) : null
        const eligible = facts
          ? fresh.filter((c) => ineligibleReasons(withEligibilityDefaults(c.eligibility), facts, now, { brandId: c.brandId }).length === 0)
          : []
        if (eligible.length === 0) {
          await settle(false)
          return false
        }
        if (!(await settle(true))) return false
        await tx
          .insert(campaignAnnouncements)
          .values(eligible.map((c) => ({ memberId: id, campaignId: c.id, sentAt: now })))
          .onConflictDoNothing()
        await notifyMember(tx, deps, id, {
          template: 'new-campaigns',
          params: { campaigns: eligible.map((c) => ({ id: c.id, title: c.title, closesAt: c.flight.signupClosesAt.toISOString() })) },
        })
        return true
      })
      if (sent) told++
    }
    if (wanting.length < batchSize) return { told }
    after = wanting.at(-1)!.id
  }
}
