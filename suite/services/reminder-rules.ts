// When a tester is reminded of what is due: the review and the other open tasks 3 days before the
// flight's review due date, on the day, and once when overdue; in a verified-purchase test, the
// purchase to make. Pure functions of a participation and the time, so the sweep that sends them
// and the tests agree on every case.
import type { CampaignKind } from '../../contract/campaigns'
import type { TaskKey } from '../../contract/participation-rules'
import type { ParticipationStatus } from '../../contract/participations'

export const REMINDER_KINDS = ['purchase', 'due-in-3-days', 'due-today', 'overdue'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

const DAY_MS = 24 * 60 * 60 * 1000

/** What the sweep knows of one participation. */
export interface ReminderFacts {
  status: ParticipationStatus
  kind: CampaignKind
  /** The tasks still open, in the order they are done (requiredTasks less those done). */
  openTasks: readonly TaskKey[]
  reviewDueAt: Date
}

/**
 * The one reminder due now, or null. Only a tester holding the product (delivered, or selected in a
 * verified-purchase test) with tasks open is reminded; a review sent in (reviewed, completed) ends
 * the reminders. Of the stages the time has reached, the latest is the one sent: a sweep that missed
 * a stage does not send two at once, and each stage goes once (the sender keeps one row per member,
 * participation and reminder).
 */
export function dueReminder(facts: ReminderFacts, now: Date): ReminderKind | null {
  if (facts.kind === 'verified-purchase' && facts.status === 'selected' && facts.openTasks.includes('purchase-intent')) {
    // Bought before testing: reminded once when selected, then by the due date like any other task.
    return stageOf(facts.reviewDueAt, now) ?? 'purchase'
  }
  const holding = facts.status === 'delivered' || (facts.kind === 'verified-purchase' && facts.status === 'selected')
  if (!holding || facts.openTasks.length === 0) return null
  return stageOf(facts.reviewDueAt, now)
}

function stageOf(due: Date, now: Date): ReminderKind | null {
  const left = due.getTime() - now.getTime()
  if (left <= 0) return 'overdue'
  if (left <= DAY_MS) return 'due-today'
  if (left <= 3 * DAY_MS) return 'due-in-3-days'
  return null
}
