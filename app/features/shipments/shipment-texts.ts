import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { RETURN_REASONS, RETURN_STATUSES, SHIPMENT_STATUSES } from '#contract/participations'

export const shipmentStatusLabel: Record<(typeof SHIPMENT_STATUSES)[number], MessageDescriptor> = {
  pending: msg`Being prepared`,
  shipped: msg`On its way`,
  delivered: msg`Delivered`,
}

export const returnStatusLabel: Record<(typeof RETURN_STATUSES)[number], MessageDescriptor> = {
  requested: msg`Return requested`,
  'label-issued': msg`Return label ready`,
  returned: msg`Returned`,
}

export const returnReasonLabel: Record<(typeof RETURN_REASONS)[number], MessageDescriptor> = {
  damaged: msg`It arrived damaged`,
  'wrong-item': msg`I received the wrong item`,
  'not-as-described': msg`It is not as described`,
  'allergy-or-reaction': msg`I had an allergy or a reaction`,
  other: msg`Another reason`,
}
