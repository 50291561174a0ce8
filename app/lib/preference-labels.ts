import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PETS } from '#contract/members'

/** A member's pets, in the words of the preferences page and of a campaign's rules. */
export const petLabel: Record<(typeof PETS)[number], MessageDescriptor> = {
  dog: msg`Dog`,
  cat: msg`Cat`,
  'small-animal': msg`Small animal (rabbit, guinea pig, hamster…)`,
  bird: msg`Bird`,
  fish: msg`Fish`,
  other: msg`Another pet`,
}
