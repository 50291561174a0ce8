// The reminder sweep: testers holding a product with tasks open are reminded 3 days before the
// review is due, on the day and once overdue, and buyers in a verified-purchase test of the
// purchase to make (suite/services/reminder-rules.ts says which, when). Each reminder goes once per
// participation: its reminders_sent row and its message are written in one transaction, under the
// participation's row lock, after reading the participation again, so a withdrawal or a review
// sent in meanwhile stops it, and two member-API processes sweeping at once send it once.
import { and, eq, gt, inArray } from 'drizzle-orm'
import { requiredTasks } from '../../contract/participation-rules'
import { STANDING_POINTS } from '../../contract/standing'
import { campaigns, flights, participations, remindersSent, reviews } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notifyMember } from './notify'
import { tasksDone } from './participations'
import { dueReminder, type ReminderKind } from './reminder-rules'

/** An overdue reminder goes within this long after the due date, or never (a sweep down for weeks does not wake old tests). */
const OVERDUE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
/** Statuses a reminder can be due in: the product delivered, or selected (a buyer in a verified-purchase test). */
const REMINDABLE = ['delivered', 'selected'] as const

/** Sends every reminder due now; resolves to how many went out. */
export async function sendReminders(deps: SuiteDeps, now: Date): Promise<{ sent: number }> {
  const candidates = await deps.db
    .select({ id: participations.id })
    .from(participations)
    .innerJoin(flights, eq(flights.id, participations.flightId))
    .where(and(inArray(participations.status, [...REMINDABLE]), gt(flights.reviewDueAt, new Date(now.getTime() - OVERDUE_WINDOW_MS))))
  let sent = 0
  for (const { id } of candidates) if (await remindOne(deps, id, now)) sent++
  return { sent }
}

async function remindOne(deps: SuiteDeps, participationId: string, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ p: participations, kind: campaigns.kind, tasks: campaigns.tasks, title: campaigns.title, reviewDueAt: flights.reviewDueAt })
      .from(participations)
      .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
      .innerJoin(flights, eq(flights.id, participations.flightId))
      .where(eq(participations.id, participationId))
      .for('update', { of: participations })
    if (!row) return false
    const [review] = await tx.select({ status: reviews.status }).from(reviews).where(eq(reviews.participationId, participationId))
    const done = tasksDone(row.p, review?.status ?? null)
    const openTasks = requiredTasks({ kind: row.kind, tasks: row.tasks }).filter((task) => !done[task])
    const reminder = dueReminder({ status: row.p.status, kind: row.kind, openTasks, reviewDueAt: row.reviewDueAt }, now)
    if (!reminder) return false
    const [claimed] = await tx
      .insert(remindersSent)
      .values({ participationId, kind: reminder, sentAt: now })
      .onConflictDoNothing()
      .returning({ kind: remindersSent.kind })
    if (!claimed) return false
    await notifyMember(tx, deps, row.p.memberId, messageFor(reminder, { campaignTitle: row.title, campaignId: row.p.campaignId, dueAt: row.reviewDueAt }))
    return true
  })
}

function messageFor(reminder: ReminderKind, about: { campaignTitle: string; campaignId: string; dueAt: Date }) {
  const { campaignTitle, campaignId } = about
  switch (reminder) {
    case 'purchase':
      return { template: 'reminder-purchase' as const, params: { campaignTitle, campaignId } }
    case 'due-in-3-days':
    case 'due-today':
      return { template: 'reminder-due' as const, params: { campaignTitle, campaignId, dueAt: about.dueAt.toISOString(), today: reminder === 'due-today' } }
    case 'overdue':
      return { template: 'reminder-overdue' as const, params: { campaignTitle, campaignId, standingCost: -STANDING_POINTS.missedDeadline } }
  }
}

/** The reminders a participation was sent, in order (for tests and the operator). */
export async function remindersOf(deps: Pick<SuiteDeps, 'db'>, participationId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ kind: remindersSent.kind })
    .from(remindersSent)
    .where(eq(remindersSent.participationId, participationId))
    .orderBy(remindersSent.sentAt)
  return rows.map((r) => r.kind)
}
