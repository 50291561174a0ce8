import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { MissionKey } from '#contract/rewards'

/** The portal's own words for each mission (the member API's texts are not translated). */
export const missionText: Record<MissionKey, { title: MessageDescriptor; description: MessageDescriptor }> = {
  'complete-profile': { title: msg`Complete your profile`, description: msg`Add your name, birth date, languages, interests and shipping address.` },
  'verify-email': { title: msg`Verify your e-mail`, description: msg`Confirm the e-mail address we write to.` },
  'verify-phone': { title: msg`Verify your phone`, description: msg`Confirm your mobile number with a one-time code.` },
  'connect-social': { title: msg`Connect a social account`, description: msg`Add the social profile where you share your reviews.` },
  'first-test': { title: msg`Finish your first test`, description: msg`Complete every task of a product test, your published review included.` },
  'write-review': { title: msg`Write a review`, description: msg`Get your first review published.` },
  'refer-friend': { title: msg`Refer a friend`, description: msg`Earn points for each friend who joins with your code and finishes a test.` },
}

/** Money as the member's locale writes it (e.g. €5.00). */
export function formatMoney(locale: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100)
}
