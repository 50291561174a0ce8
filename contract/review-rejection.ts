// Why a moderator did not publish a review: the author is told, the console chooses from the list.
import * as v from 'valibot'

/** Why a moderator did not publish a review; `other` needs a note. */
export const REJECTION_REASONS = [
  'personal-data',
  'off-topic',
  'link-or-price',
  'competitor',
  'rating-contradicts-text',
  'photo-not-suitable',
  'disclosure-missing',
  'other',
] as const
export type RejectionReason = (typeof REJECTION_REASONS)[number]
export const RejectionReasonSchema = v.picklist(REJECTION_REASONS, 'must be one of the rejection reasons')
