import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { IneligibleReasonCode } from '#contract/campaigns'
import type { ApplicantView } from '#contract/ops-applicants'
import type { AccountLinkKind } from '#contract/ops-members'

export const applicantViewLabel: Record<ApplicantView, MessageDescriptor> = {
  waiting: msg`Waiting`,
  selected: msg`Selected`,
  'not-eligible': msg`Not eligible`,
  all: msg`All`,
}

/** Why an applicant was not eligible at sign-up, as the campaign manager reads it (members read it in other words). */
export const ineligibleReasonLabel: Record<IneligibleReasonCode, MessageDescriptor> = {
  address: msg`no shipping address`,
  country: msg`ships to another country`,
  'birth-date': msg`no birth date`,
  age: msg`under the minimum age`,
  phone: msg`no verified phone`,
  social: msg`no social account`,
  interests: msg`interests do not match`,
  pets: msg`no matching pet`,
  children: msg`household does not match`,
  tier: msg`standing below the tier asked for`,
  screener: msg`screener answers rule them out`,
  household: msg`someone at their address has a place`,
  'own-brand': msg`a user of the product's brand`,
  staff: msg`holds a staff role`,
  suspended: msg`suspended`,
}

/** What two linked accounts share, in a word or two for the applicants table (the member page says it in full). */
export const linkKindShortLabel: Record<AccountLinkKind, MessageDescriptor> = {
  email: msg`e-mail`,
  address: msg`address`,
  phone: msg`phone`,
  payout: msg`payout account`,
  device: msg`device`,
  network: msg`network`,
}
