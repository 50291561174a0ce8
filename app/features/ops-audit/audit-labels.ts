import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { AuditAction } from '#contract/ops-audit'

/** Each action of the audit log in words; the code stays beside it for the CSV and for filtering. */
export const auditActionLabel: Record<AuditAction, MessageDescriptor> = {
  'role.grant': msg`Role granted`,
  'role.revoke': msg`Role revoked`,
  'second-factor.reset': msg`Second factors reset`,
  'review.approve': msg`Review published`,
  'review.reject': msg`Review sent back`,
  'participation.select': msg`Applicant selected`,
  'participation.withdraw': msg`Withdrawn on the member's request`,
  'shipment.ship': msg`Parcel shipped`,
  'shipment.deliver': msg`Parcel delivered`,
  'shipment.return-label': msg`Return label issued`,
  'shipment.returned': msg`Return received`,
  'member.grant-points': msg`Goodwill points granted`,
  'member.resend-verification': msg`Confirmation e-mail sent again`,
  'campaign.set-min-tier': msg`Campaign's minimum tier set`,
  'campaign.status': msg`Campaign published or archived`,
  'campaign.create': msg`Campaign created`,
  'campaign.update': msg`Campaign changed`,
  'flight.create': msg`Flight added`,
  'flight.update': msg`Flight changed`,
  'flight.delete': msg`Flight deleted`,
  'newsletter.send': msg`Newsletter sent`,
  'campaign.export-reviews': msg`Reviews exported`,
  'shipment.export-pending': msg`Pending parcels' addresses exported`,
  'audit.export': msg`Audit log exported`,
  'product.create': msg`Product created`,
  'product.update': msg`Product changed`,
  'product.image-add': msg`Product image added`,
  'product.image-alt': msg`Product image's alt text changed`,
  'product.image-move': msg`Product image moved`,
  'product.image-remove': msg`Product image removed`,
  'category.create': msg`Category added`,
  'category.rename': msg`Category renamed`,
  'brand.create': msg`Brand added`,
  'brand.invite': msg`Brand user invited`,
  'brand.withdraw-invitation': msg`Brand invitation withdrawn`,
  'brand.join': msg`Brand invitation accepted`,
  'brand.remove-user': msg`Brand user removed`,
}

/** What an entry acted on, in words. */
export const auditTargetLabel: Record<string, MessageDescriptor> = {
  review: msg`Review`,
  staff: msg`Staff person`,
  participation: msg`Participation`,
  shipment: msg`Parcel`,
  member: msg`Member`,
  campaign: msg`Campaign`,
  product: msg`Product`,
  flight: msg`Flight`,
  category: msg`Category`,
  brand: msg`Brand`,
}
