// What a campaign page's loader needs to know about the member's participations, apart from the rest
// of participation-steps.ts: the loaders ride in every page's first script, the pages' own code does not.
import type { Participation, ParticipationStatus } from '#contract/participations'

/** Selected testers (and beyond) have tasks. */
const TASK_STATUSES: readonly ParticipationStatus[] = ['selected', 'shipped', 'delivered', 'reviewed', 'completed']
export const hasTasks = (p: Participation) => TASK_STATUSES.includes(p.status)

/** Participations that ended without the member taking part: withdrawn, not eligible, or not chosen. */
const ENDED: readonly ParticipationStatus[] = ['withdrawn', 'not-eligible', 'not-selected']

/** The participation a campaign page is about: the live one, else the newest. */
export function currentParticipation(items: readonly Participation[]): Participation | null {
  return items.find((p) => !ENDED.includes(p.status)) ?? items[0] ?? null
}
