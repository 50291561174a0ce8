import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { RejectionReason } from '#contract/review-rejection'

/** The moderator's list of reasons (the author reads them in other words: app/lib/review-texts.ts). */
export const rejectionReasonLabel: Record<RejectionReason, MessageDescriptor> = {
  'personal-data': msg`Personal data`,
  'off-topic': msg`Off topic`,
  'link-or-price': msg`A link or a price`,
  competitor: msg`Mentions a competitor`,
  'rating-contradicts-text': msg`Rating contradicts the text`,
  'photo-not-suitable': msg`Photo not suitable`,
  'disclosure-missing': msg`Disclosure missing`,
  other: msg`Other (write a note)`,
}
