import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { RejectionReason } from '#contract/review-rejection'

/** Why a review was not published, told to its author (the moderator's note follows). */
export const rejectionReasonText: Record<RejectionReason, MessageDescriptor> = {
  'personal-data': msg`It contains personal data, such as a name, an address or a phone number.`,
  'off-topic': msg`It is not about the product you tested.`,
  'link-or-price': msg`It contains a link or a price.`,
  competitor: msg`It promotes another brand or shop.`,
  'rating-contradicts-text': msg`The star rating does not match what your text says.`,
  'photo-not-suitable': msg`One of the photos cannot be published: it does not show the product, shows a person who can be recognised, or is not suitable.`,
  'disclosure-missing': msg`It must say that you received the product for free.`,
  other: msg`Our moderators left you a note.`,
}

/** The start of a review's text for lists: whole words, at most `max` characters, with an ellipsis when cut. */
export function excerpt(body: string, max = 220): string {
  const text = body.replace(/\s+/g, ' ').trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}
