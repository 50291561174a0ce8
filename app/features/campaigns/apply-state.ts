import { useQuery } from '@tanstack/react-query'
import type { Address } from '#contract/address'
import type { CampaignDetail, Flight, IneligibleReason } from '#contract/campaigns'
import type { Participation } from '#contract/participations'
import { viewerQuery } from '~/auth/viewer'
import { campaignEligibilityQuery } from '~/features/campaigns/campaigns.queries'
import { addressQuery, campaignParticipationsQuery } from '~/lib/member-data/member-data.queries'

/** What the person looking at a campaign can do about it. */
export type ApplyState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'visitor' }
  | { kind: 'needs-address' }
  | { kind: 'closed' }
  | { kind: 'applied'; participation: Participation }
  | { kind: 'ineligible'; reasons: IneligibleReason[] }
  | { kind: 'can-apply'; address: Address; flight: Flight; previous: Participation | null }

/** The flight taking sign-ups now, if any. */
export function openFlightOf(campaign: CampaignDetail): Flight | undefined {
  return campaign.flights.find((flight) => flight.phase === 'open')
}

export function useApplyState(campaign: CampaignDetail): ApplyState {
  const viewer = useQuery(viewerQuery)
  const signedIn = viewer.data?.signedIn === true
  const flight = openFlightOf(campaign)
  const address = useQuery({ ...addressQuery, enabled: signedIn })
  const signups = useQuery({ ...campaignParticipationsQuery(campaign.id), enabled: signedIn && address.data?.address != null })
  const eligibility = useQuery({ ...campaignEligibilityQuery(campaign.id), enabled: signedIn && address.data?.address != null && flight !== undefined })

  if (viewer.isPending) return { kind: 'loading' }
  if (!signedIn) return flight ? { kind: 'visitor' } : { kind: 'closed' }
  if (address.isPending) return { kind: 'loading' }
  if (address.isError) return { kind: 'error' }
  const saved = address.data.address
  if (!saved) return flight ? { kind: 'needs-address' } : { kind: 'closed' }
  if (signups.isPending) return { kind: 'loading' }
  if (signups.isError) return { kind: 'error' }
  const mine = signups.data.items
  if (!flight) {
    const latest = mine.find((p) => p.status !== 'withdrawn')
    return latest ? { kind: 'applied', participation: latest } : { kind: 'closed' }
  }
  const inFlight = mine.find((p) => p.flightId === flight.id)
  if (inFlight && inFlight.status !== 'not-eligible') return { kind: 'applied', participation: inFlight }
  if (eligibility.isPending) return { kind: 'loading' }
  if (eligibility.isError) return { kind: 'error' }
  const reasons = eligibility.data?.reasons ?? []
  if (reasons.length > 0) return { kind: 'ineligible', reasons }
  return { kind: 'can-apply', address: saved, flight, previous: inFlight ?? null }
}
