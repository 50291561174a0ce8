// Participation rules without schemas: which statuses may still withdraw, the return reasons and the
// tasks a campaign asks for. participations.ts re-exports them; they live apart so that a portal page
// applying them in the browser does not load the participation, campaign and member schemas.
import type { CampaignKind, TasksInput } from './campaigns'
import type { ParticipationStatus } from './participations'

/** Statuses from which a member may still withdraw (before the product ships). */
export const WITHDRAWABLE_STATUSES: readonly ParticipationStatus[] = ['applied', 'selected', 'waitlisted']

export const RETURN_REASONS = ['damaged', 'wrong-item', 'not-as-described', 'allergy-or-reaction', 'other'] as const

export type TaskKey = 'questionnaire' | 'purchase-intent' | 'review' | 'social-posts' | 'impressions'

/**
 * The tasks a selected tester must finish, in the order they are done: every one of them (the
 * review counting once it is published) before the participation is completed. A verified-purchase
 * test always asks for the purchase intent. Shared by the member API's completion rule and the
 * portal's checklist, so the two never disagree.
 */
export function requiredTasks(campaign: { kind: CampaignKind; tasks: TasksInput }): TaskKey[] {
  const list: TaskKey[] = []
  if (campaign.tasks.questionnaire) list.push('questionnaire')
  if (campaign.tasks.purchaseIntent || campaign.kind === 'verified-purchase') list.push('purchase-intent')
  if (campaign.tasks.review) list.push('review')
  if (campaign.tasks.social) list.push('social-posts')
  // Campaigns stored before the impressions report was its own task asked for it with the posts.
  if (campaign.tasks.impressions ?? campaign.tasks.social) list.push('impressions')
  return list
}
