import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ParticipationStatus } from '#contract/participations'
import type { ParticipationGroup, TaskKey, TimelineStepKey } from './participation-steps'

export const statusLabel: Record<ParticipationStatus, MessageDescriptor> = {
  applied: msg`Applied`,
  selected: msg`Selected`,
  waitlisted: msg`On the waitlist`,
  'not-eligible': msg`Not eligible`,
  'not-selected': msg`Not chosen`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  reviewed: msg`Reviewed`,
  completed: msg`Completed`,
  withdrawn: msg`Withdrawn`,
}

export const groupText: Record<ParticipationGroup, { title: MessageDescriptor; intro: MessageDescriptor }> = {
  'in-progress': { title: msg`Testing now`, intro: msg`You were selected: these tests have something for you to do or to look forward to.` },
  waiting: { title: msg`Waiting for a place`, intro: msg`You applied; a place may still open up.` },
  completed: { title: msg`Completed`, intro: msg`Tests you finished. Thank you for your reviews.` },
  closed: { title: msg`Not taking part`, intro: msg`Tests you withdrew from, were not eligible for, or were not chosen for.` },
}

export const stepLabel: Record<TimelineStepKey, MessageDescriptor> = {
  applied: msg`Applied`,
  selected: msg`Selected`,
  waitlisted: msg`On the waitlist`,
  'not-eligible': msg`Not eligible`,
  'not-selected': msg`Not chosen`,
  purchased: msg`Purchase confirmed`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  reviewed: msg`Review submitted`,
  completed: msg`Completed`,
  withdrawn: msg`Withdrawn`,
}

export const taskText: Record<TaskKey, { title: MessageDescriptor; description: MessageDescriptor }> = {
  questionnaire: {
    title: msg`Questionnaire`,
    description: msg`A short questionnaire about how you use the product reaches you by e-mail. Acknowledge it here, then answer it before your review is due.`,
  },
  'purchase-intent': {
    title: msg`Purchase intent`,
    description: msg`In this test you buy the product yourself and we reimburse its price after your review. Confirm that you will buy it.`,
  },
  review: { title: msg`Review`, description: msg`Write an honest review of the product once you have tried it.` },
  'social-posts': { title: msg`Social posts`, description: msg`Post about the product on your social accounts and share the links with us.` },
  impressions: { title: msg`Impressions`, description: msg`Tell us how many people your posts reached and how they reacted.` },
}
