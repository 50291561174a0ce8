import { Trans } from '@lingui/react/macro'
import type { Participation } from '#contract/participations'
import { formatDate } from '~/lib/date-format'

/** Where the member's application stands, in one sentence. */
export function SignupStatus({ participation }: { participation: Participation }) {
  const applied = formatDate(participation.appliedAt)
  const place = participation.waitlistPosition ?? 0
  switch (participation.status) {
    case 'applied':
      return <Trans>You applied on {applied}; the team is choosing the testers, and you will hear either way.</Trans>
    case 'selected':
      return <Trans>You are in: you were selected for this test.</Trans>
    case 'waitlisted':
      return <Trans>You are on the waitlist, in place {place}. You move up when a selected tester withdraws.</Trans>
    case 'not-eligible':
      return <Trans>You applied on {applied}, but you could not take part.</Trans>
    case 'not-selected':
      return <Trans>You applied on {applied}; the team chose other testers this time.</Trans>
    case 'shipped':
      return <Trans>You are testing this product: it is on its way to you.</Trans>
    case 'delivered':
      return <Trans>You are testing this product: it has been delivered.</Trans>
    case 'reviewed':
      return <Trans>You have reviewed this product. Thank you!</Trans>
    case 'completed':
      return <Trans>You completed this test. Thank you!</Trans>
    case 'withdrawn':
      return <Trans>You withdrew from this test.</Trans>
  }
}
