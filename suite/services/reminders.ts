// The reminder sweep: testers holding a product with tasks open are reminded 3 days before the
// review is due, on the day and once overdue, and buyers in a verified-purchase test of the
// purchase to make (suite/services/reminder-rules.ts says which, when). Each reminder goes once per
// participation: its reminders_sent row and its message are written in one transaction, under the
// participation's row lock, after reading the participation again, so a withdrawal or a review
// sent in meanwhile stops it, and two member-API processes sweeping at once send it once.
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm'
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

/** The first reminder of a due date goes 3 days before it (reminder-rules.ts). */
const FIRST_REMINDER_MS = 3 * 24 * 60 * 60 * 1000
/** Candidates read at a time, in id order: a sweep over a large community holds one batch, not all. */
const BATCH = 500

/** Sends every reminder due now; resolves to how many went out. */
export async function sendReminders(deps: SuiteDeps, now: Date): Promise<{ sent: number }> {
  // Only participations a reminder can be due for now: the due date within 3 days ahead or 7 days
  // past, or a buyer in a verified-purchase test (reminded of the purchase whenever it is due).
  const inWindow = and(
    gt(flights.reviewDueAt, new Date(now.getTime() - OVERDUE_WINDOW_MS)),
    or(
      lte(flights.reviewDueAt, new Date(now.getTime() + FIRST_REMINDER_MS)),
      and(eq(campaigns.kind, 'verified-purchase'), eq(participations.status, 'selected')),
    ),
  )
  let sent = 0
  let after: string | null = null
  for (;;) {
    const batch: Array<{ id: string }> = await deps.db
      .select({ id: participations.id })
      .from(participations)
      .innerJoin(flights, eq(flights.id, participations.flightId))
      .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
      .where(and(inArray(participations.status, [...REMINDABLE]), inWindow, after ? gt(participations.id, after) : undefined))
      .orderBy(asc(participations.id))
      .limit(BATCH)
    for (const { id } of batch) if (await remindOne(deps, id, now)) sent++
    if (batch.length < BATCH) return { sent }
    after = batch.at(-1)!.id
  }
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
