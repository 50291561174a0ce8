import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { RETURN_REASONS, RETURN_STATUSES, SHIPMENT_STATUSES } from '#contract/participations'
import type { ShipmentView } from '#contract/ops-shipments'

/** The parcels' states as fulfilment names them (members read them in other words). */
export const shipmentViewLabel: Record<ShipmentView, MessageDescriptor> = {
  pending: msg`Pending`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  returns: msg`Returns`,
}

export const opsShipmentStatusLabel: Record<(typeof SHIPMENT_STATUSES)[number], MessageDescriptor> = {
  pending: msg`Pending`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
}

export const opsReturnStatusLabel: Record<(typeof RETURN_STATUSES)[number], MessageDescriptor> = {
  requested: msg`Return requested`,
  'label-issued': msg`Return label issued`,
  returned: msg`Returned`,
}

export const opsReturnReasonLabel: Record<(typeof RETURN_REASONS)[number], MessageDescriptor> = {
  damaged: msg`Arrived damaged`,
  'wrong-item': msg`Wrong item`,
  'not-as-described': msg`Not as described`,
  'allergy-or-reaction': msg`Allergy or reaction`,
  other: msg`Another reason`,
}
