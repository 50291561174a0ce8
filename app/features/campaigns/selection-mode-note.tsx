import { Trans } from '@lingui/react/macro'
import type { SelectionMode } from '#contract/campaigns'

/**
 * How a campaign gives its places, said before the member applies: first come first served (the
 * first eligible applicants take the places, then a waitlist), or curated (the team chooses among
 * the applicants, and those not chosen are told when the flight's sign-up closes).
 */
export function SelectionModeNote({ mode }: { mode: SelectionMode }) {
  return mode === 'curated' ? (
    <Trans>The team chooses the testers among the applicants; you'll hear either way by the time sign-up closes.</Trans>
  ) : (
    <Trans>Places go to the first eligible members who apply; then a waitlist.</Trans>
  )
}
