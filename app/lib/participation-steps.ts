// What a participation's state means for the member: its group, its next step, its timeline and
// its tasks. Pure functions of the member API's data, so the pages and the tests agree.
import type { IneligibleReason } from '#contract/campaigns'
import { requiredTasks, WITHDRAWABLE_STATUSES, type TaskKey } from '#contract/participation-rules'
import type { Participation, ParticipationStatus } from '#contract/participations'
import type { RejectionReason } from '#contract/review-rejection'

export type ParticipationGroup = 'in-progress' | 'waiting' | 'completed' | 'closed'
export const GROUP_ORDER: readonly ParticipationGroup[] = ['in-progress', 'waiting', 'completed', 'closed']

export function groupOf(status: ParticipationStatus): ParticipationGroup {
  switch (status) {
    case 'selected':
    case 'shipped':
    case 'delivered':
    case 'reviewed':
      return 'in-progress'
    case 'applied':
    case 'waitlisted':
      return 'waiting'
    case 'completed':
      return 'completed'
    case 'not-eligible':
    case 'not-selected':
    case 'withdrawn':
      return 'closed'
  }
}

export function groupParticipations(items: readonly Participation[]): Array<{ group: ParticipationGroup; items: Participation[] }> {
  return GROUP_ORDER.map((group) => ({ group, items: items.filter((p) => groupOf(p.status) === group) })).filter((g) => g.items.length > 0)
}

export { currentParticipation, hasTasks } from './current-participation'
export const canWithdraw = (p: Participation) => WITHDRAWABLE_STATUSES.includes(p.status)

const isVerifiedPurchase = (p: Participation) => p.campaign.kind === 'verified-purchase'

/** Whether the member may write (or rewrite) the review now; mirrors the member API's rule. */
export function canWriteReview(p: Participation): boolean {
  if (p.review?.status === 'pending' || p.review?.status === 'published') return false
  if (p.status === 'delivered') return true
  if (p.status === 'reviewed' && p.review?.status === 'rejected') return true
  return p.status === 'selected' && isVerifiedPurchase(p) && p.tasks.purchaseIntentAckedAt !== null
}

export type NextStep =
  | { kind: 'wait-for-selection' }
  | { kind: 'waitlisted'; position: number | null }
  | { kind: 'not-eligible'; reasons: IneligibleReason[] }
  | { kind: 'not-selected' }
  | { kind: 'confirm-purchase-intent' }
  | { kind: 'wait-for-shipment' }
  | { kind: 'track-shipment' }
  | { kind: 'write-review' }
  | { kind: 'revise-review'; reason: string | null; code: RejectionReason | null }
  | { kind: 'review-in-moderation' }
  | { kind: 'read-review'; reviewId: string; publishedAt: string | null }
  | { kind: 'finish-tasks'; open: TaskKey[] }
  | { kind: 'completed' }
  | { kind: 'withdrawn' }

/** The step of a review sent back by a moderator, with their reason and note; null when there is none. */
function rejected(p: Participation): NextStep | null {
  return p.review?.status === 'rejected' ? { kind: 'revise-review', reason: p.review.rejectionReason, code: p.review.rejectionCode } : null
}

/** The one thing the member should do (or wait for) next in a participation. */
export function nextStepOf(p: Participation): NextStep {
  switch (p.status) {
    case 'applied':
      return { kind: 'wait-for-selection' }
    case 'waitlisted':
      return { kind: 'waitlisted', position: p.waitlistPosition }
    case 'not-eligible':
      return { kind: 'not-eligible', reasons: p.ineligibleReasons }
    case 'not-selected':
      return { kind: 'not-selected' }
    case 'withdrawn':
      return { kind: 'withdrawn' }
    case 'selected':
      if (isVerifiedPurchase(p)) {
        if (!p.tasks.purchaseIntentAckedAt) return { kind: 'confirm-purchase-intent' }
        return rejected(p) ?? { kind: 'write-review' }
      }
      return { kind: 'wait-for-shipment' }
    case 'shipped':
      return { kind: 'track-shipment' }
    case 'delivered':
      // A rejected review puts the participation back here: the member revises it, told why.
      return rejected(p) ?? { kind: 'write-review' }
    case 'reviewed':
      if (p.review?.status === 'rejected') return rejected(p)!
      if (p.review?.status === 'published') {
        // Published, but the test completes only once every task the campaign sets is done.
        const open = tasksOf(p)
          .filter((task) => task.doneAt === null)
          .map((task) => task.key)
        return open.length > 0 ? { kind: 'finish-tasks', open } : { kind: 'read-review', reviewId: p.review.id, publishedAt: p.review.publishedAt }
      }
      return { kind: 'review-in-moderation' }
    case 'completed':
      return p.review?.status === 'published' ? { kind: 'read-review', reviewId: p.review.id, publishedAt: p.review.publishedAt } : { kind: 'completed' }
  }
}

export type TimelineStepKey =
  'applied' | 'selected' | 'waitlisted' | 'not-eligible' | 'not-selected' | 'purchased' | 'shipped' | 'delivered' | 'reviewed' | 'completed' | 'withdrawn'
export type TimelineStep = { key: TimelineStepKey; state: 'done' | 'current' | 'upcoming'; at: string | null }

const ORDER: readonly ParticipationStatus[] = ['applied', 'selected', 'shipped', 'delivered', 'reviewed', 'completed']

/**
 * The participation's path from application to completion, with the dates the member API knows:
 * what happened is done, the first step still to come is current. A withdrawn, waitlisted,
 * ineligible or not chosen participation ends where it stopped instead of listing steps it will not reach.
 */
export function timelineOf(p: Participation): TimelineStep[] {
  const applied: TimelineStep = { key: 'applied', state: 'done', at: p.appliedAt }
  if (p.status === 'waitlisted') return [applied, { key: 'waitlisted', state: 'current', at: null }]
  if (p.status === 'not-eligible') return [applied, { key: 'not-eligible', state: 'current', at: null }]
  if (p.status === 'not-selected') return [applied, { key: 'not-selected', state: 'current', at: null }]
  if (p.status === 'withdrawn') {
    const steps: TimelineStep[] = [applied]
    if (p.selectedAt) steps.push({ key: 'selected', state: 'done', at: p.selectedAt })
    steps.push({ key: 'withdrawn', state: 'current', at: p.withdrawnAt })
    return steps
  }

  const reached = ORDER.indexOf(p.status)
  const has = (status: ParticipationStatus) => reached >= ORDER.indexOf(status)
  const steps: Array<{ key: TimelineStepKey; happened: boolean; at: string | null }> = [
    { key: 'applied', happened: true, at: p.appliedAt },
    { key: 'selected', happened: has('selected'), at: p.selectedAt },
  ]
  if (isVerifiedPurchase(p) && !p.shipment) {
    // The member buys the product: no parcel; the purchase takes the shipment's place.
    steps.push({ key: 'purchased', happened: p.tasks.purchaseIntentAckedAt !== null, at: p.tasks.purchaseIntentAckedAt })
  } else {
    steps.push({ key: 'shipped', happened: has('shipped'), at: p.shipment?.shippedAt ?? null })
    steps.push({ key: 'delivered', happened: has('delivered'), at: p.shipment?.deliveredAt ?? null })
  }
  steps.push({ key: 'reviewed', happened: has('reviewed'), at: p.tasks.reviewSubmittedAt })
  steps.push({ key: 'completed', happened: has('completed'), at: p.completedAt })
  const next = steps.findIndex((s) => !s.happened)
  return steps.map((s, i) => ({ key: s.key, at: s.at, state: s.happened ? 'done' : i === next ? 'current' : 'upcoming' }))
}

export type { TaskKey }
export type Task = { key: TaskKey; doneAt: string | null }

const DONE_AT: Record<TaskKey, (p: Participation) => string | null> = {
  questionnaire: (p) => p.tasks.questionnaireAckedAt,
  'purchase-intent': (p) => p.tasks.purchaseIntentAckedAt,
  review: (p) => p.tasks.reviewSubmittedAt,
  'social-posts': (p) => p.tasks.socialSubmittedAt,
  impressions: (p) => p.tasks.impressionsReportedAt,
}

/** The checklist of a selected tester: the tasks the campaign requires (see requiredTasks). */
export function tasksOf(p: Participation): Task[] {
  return requiredTasks(p.campaign).map((key) => ({ key, doneAt: DONE_AT[key](p) }))
}
