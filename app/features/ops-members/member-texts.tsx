import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import type { MessageTopic } from '#contract/messages'
import type { AccountLinkKind } from '#contract/ops-members'
import type { MessageChannel } from '#contract/outbox'

/** How a message reached the member, in support's words. */
export const channelLabel: Record<MessageChannel, MessageDescriptor> = {
  email: msg`E-mail`,
  sms: msg`Text message`,
}

/** What a message was about: a settings topic, or transactional (always sent). */
export const topicLabel: Record<MessageTopic, MessageDescriptor> = {
  transactional: msg`Always sent`,
  newCampaigns: msg`New campaigns`,
  shipmentUpdates: msg`Shipment updates`,
  reminders: msg`Reminders`,
  newsletter: msg`Newsletter`,
}

/** What two linked accounts share, in staff's words. */
export const linkKindLabel: Record<AccountLinkKind, MessageDescriptor> = {
  email: msg`Same e-mail address (dots and +tags aside where the provider ignores them)`,
  address: msg`Same postal address`,
  phone: msg`Same verified phone number`,
  payout: msg`Same payout account`,
  device: msg`Same device`,
  network: msg`Same network address, within minutes`,
}

/** The account was deleted: only its pseudonymous traces are left. */
export function DeletedMarker() {
  const { t } = useLingui()
  return <span className="rounded-full bg-[#fdecea] px-2 py-0.5 text-xs font-semibold text-[#7a1a12]">{t`Deleted`}</span>
}

/** A suspension is in force. */
export function SuspendedMarker() {
  const { t } = useLingui()
  return <span className="rounded-full bg-[#fdf1e4] px-2 py-0.5 text-xs font-semibold text-[#6b3a00]">{t`Suspended`}</span>
}
