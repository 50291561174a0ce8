// The newsletter in the console: an issue is written once and then sent by the member API in
// batches (services/newsletter-sending.ts) to every member who opted in by e-mail. Audited.
import { count, desc, eq } from 'drizzle-orm'
import type { NewsletterInput, OpsNewsletter } from '../../contract/messages'
import type { Executor } from '../db/client'
import { newsletterDeliveries, newsletters } from '../db/schema'
import type { SuiteDeps } from '../deps'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

type NewsletterRow = typeof newsletters.$inferSelect

const toOps = (row: NewsletterRow, sent: number): OpsNewsletter => ({
  id: row.id,
  subject: row.subject,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByName,
  sent,
  finishedAt: row.finishedAt?.toISOString() ?? null,
})

/** The issues, newest first, with how many members each went to so far. */
export async function listNewsletters(ex: Executor): Promise<{ items: OpsNewsletter[] }> {
  const rows = await ex
    .select({ newsletter: newsletters, sent: count(newsletterDeliveries.memberId) })
    .from(newsletters)
    .leftJoin(newsletterDeliveries, eq(newsletterDeliveries.newsletterId, newsletters.id))
    .groupBy(newsletters.id)
    .orderBy(desc(newsletters.createdAt))
  return { items: rows.map((row) => toOps(row.newsletter, Number(row.sent))) }
}

/** Writes an issue; the sending sweep takes it from there. */
export async function sendNewsletter(deps: SuiteDeps, actor: StaffActor, input: NewsletterInput): Promise<OpsNewsletter> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletters)
      .values({ subject: input.subject, body: input.body, createdAt: now, createdByName: actor.name ?? actor.email ?? actor.uid })
      .returning()
    await recordAudit(
      tx,
      actor,
      { action: 'newsletter.send', targetType: 'newsletter', targetId: row!.id, changes: { before: null, after: { subject: input.subject } } },
      now,
    )
    return toOps(row!, 0)
  })
}
