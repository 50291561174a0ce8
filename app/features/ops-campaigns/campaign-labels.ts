import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { CampaignKind, CampaignStatus, SelectionMode } from '#contract/campaigns'
import type { ScreenerKind } from './campaign-form-values'
import type { PublishRequirement } from './campaign-edits'

/** A campaign's lifecycle, in the console's words. */
export const statusLabel: Record<CampaignStatus, MessageDescriptor> = {
  draft: msg`Draft (staff only)`,
  published: msg`Published`,
  archived: msg`Archived (off the public lists)`,
}

export const kindLabel: Record<CampaignKind, MessageDescriptor> = {
  'free-product': msg`Free product: we send it to the testers`,
  'verified-purchase': msg`Verified purchase: testers buy it and are reimbursed`,
}

export const selectionModeLabel: Record<SelectionMode, MessageDescriptor> = {
  'first-come': msg`First come, first served`,
  curated: msg`Curated: the team chooses the testers`,
}

export const screenerKindLabel: Record<ScreenerKind, MessageDescriptor> = {
  single: msg`One choice`,
  multi: msg`Several choices`,
  text: msg`Short text`,
}

/** What a campaign lacks before it can be published, and where to add it. */
export const requirementLabel: Record<PublishRequirement, MessageDescriptor> = {
  'product-image': msg`an image of the product (added on the Products page)`,
  flight: msg`a flight, with its dates and places (under Flights below)`,
  'review-task': msg`the review task (under Tasks)`,
}
