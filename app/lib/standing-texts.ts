import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { StandingFactor, TierId } from '#contract/standing'

/** The standing tiers, in the words of the missions page and of a campaign's rules. */
export const tierLabel: Record<TierId, MessageDescriptor> = {
  newcomer: msg`Newcomer`,
  tester: msg`Tester`,
  trusted: msg`Trusted tester`,
  top: msg`Top tester`,
}

/** What counts towards the standing, one line each. */
export const standingFactorLabel: Record<StandingFactor, MessageDescriptor> = {
  completedOnTime: msg`Test completed with the review in on time`,
  reviewApproved: msg`Review approved and published`,
  socialTaskDone: msg`Social post shared for a test`,
  withdrawnAfterSelection: msg`Withdrawn after being selected`,
  missedDeadline: msg`Review late or missing after its due date`,
}
