import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { SuspensionReason } from '#contract/suspension'

/** Why a member was suspended, as support chooses it in the console. */
export const suspensionReasonLabel: Record<SuspensionReason, MessageDescriptor> = {
  'several-accounts': msg`Several accounts`,
  'false-review': msg`A false or copied review`,
  'products-resold': msg`Test products resold`,
  'staff-abuse': msg`Abuse of staff`,
  other: msg`Other (with a note)`,
}

/** Why a member was suspended, as the member reads it on their pages. */
export const suspensionReasonForMember: Record<SuspensionReason, MessageDescriptor> = {
  'several-accounts': msg`You hold more than one account: one person, one account.`,
  'false-review': msg`A review you sent was false or copied.`,
  'products-resold': msg`Products sent to you for testing were resold.`,
  'staff-abuse': msg`You were abusive towards our staff.`,
  other: msg`Our support team left you a note.`,
}
