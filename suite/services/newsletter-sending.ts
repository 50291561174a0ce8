// Sending newsletter issues: each run of the sweep sends every unfinished issue to the next batch of
// members who opted in by e-mail, each member's delivery row and message written in one
// transaction, so a member gets an issue once whatever runs twice; an issue with no one left is
// finished. Members who opted out or deleted their account meanwhile are skipped.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { members, newsletterDeliveries, newsletters } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notifyMember } from './notify'

/** Members one run sends an issue to, at most. */
const BATCH = 200

export async function sendNewsletters(deps: SuiteDeps, now: Date): Promise<{ sent: number }> {
  const open = await deps.db.select().from(newsletters).where(isNull(newsletters.finishedAt)).orderBy(asc(newsletters.createdAt))
  let sent = 0
  for (const issue of open) {
    const batch = await deps.db
      .select({ id: members.id })
      .from(members)
      .leftJoin(newsletterDeliveries, and(eq(newsletterDeliveries.newsletterId, issue.id), eq(newsletterDeliveries.memberId, members.id)))
      .where(
        and(
          isNull(newsletterDeliveries.memberId),
          isNull(members.pseudonymizedAt),
          sql`${members.email} is not null`,
          sql`(${members.notificationSettings} -> 'email' ->> 'newsletter')::boolean`,
        ),
      )
      .orderBy(asc(members.id))
      .limit(BATCH)
    if (batch.length === 0) {
      await deps.db.update(newsletters).set({ finishedAt: now }).where(eq(newsletters.id, issue.id))
      continue
    }
    for (const { id } of batch) {
      const went = await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(newsletterDeliveries)
          .values({ newsletterId: issue.id, memberId: id, sentAt: now })
          .onConflictDoNothing()
          .returning({ memberId: newsletterDeliveries.memberId })
        if (!claimed) return false
        await notifyMember(tx, deps, id, { template: 'newsletter', params: { subject: issue.subject, body: issue.body } })
        return true
      })
      if (went) sent++
    }
  }
  return { sent }
}
