import { describe, expect, it } from 'vitest'
import type { OpsCampaignList } from '#contract/ops-applicants'
import { applicantsAddressOf, chosenFlight } from './applicants-search'

const flight = (id: string, name: string) => ({
  id,
  name,
  quota: 6,
  signupOpensAt: '2026-11-01T00:00:00.000Z',
  signupClosesAt: '2026-12-01T00:00:00.000Z',
  placesTaken: 6,
  applied: 0,
  waitlisted: 2,
})
const FIRST = '0b5a3b4e-1f0c-4e57-9a52-3c1b8f0e7a11'
const SECOND = '6d0f8c2a-93b1-4d6e-8f3e-2a7c9b1d4e22'
const campaigns: OpsCampaignList = {
  items: [
    { id: 'c1', slug: 'sleep-test', title: 'Sleep test', status: 'published', flights: [flight(FIRST, 'Flight 1'), flight(SECOND, 'Flight 2')] },
    { id: 'c2', slug: 'no-flights', title: 'No flights', status: 'published', flights: [] },
  ],
}

describe('the applicants page’s address', () => {
  it('keeps what is valid and falls back for the rest: waiting applicants, first page', () => {
    expect(applicantsAddressOf({})).toEqual({ campaign: undefined, flight: undefined, view: 'waiting', page: 1 })
    expect(applicantsAddressOf({ campaign: 'sleep-test', flight: SECOND, view: 'selected', page: 3 })).toEqual({
      campaign: 'sleep-test',
      flight: SECOND,
      view: 'selected',
      page: 3,
    })
    expect(applicantsAddressOf({ campaign: 42, flight: 'not-an-id', view: 'everyone', page: -1 })).toEqual({
      campaign: undefined,
      flight: undefined,
      view: 'waiting',
      page: 1,
    })
  })

  it('keeps the linked-only filter when the address says yes, and nothing else', () => {
    expect(applicantsAddressOf({ campaign: 'sleep-test', linked: 'yes' }).linked).toBe('yes')
    for (const linked of ['no', 'true', 1, true, '']) expect(applicantsAddressOf({ campaign: 'sleep-test', linked }).linked).toBeUndefined()
    expect(applicantsAddressOf({}).linked).toBeUndefined()
  })

  it('finds the flight the address names, else the campaign’s first; nothing until a campaign with a flight is chosen', () => {
    const address = (over: object) => applicantsAddressOf({ campaign: 'sleep-test', ...over })
    expect(chosenFlight(campaigns, address({ flight: SECOND }))?.flight.name).toBe('Flight 2')
    expect(chosenFlight(campaigns, address({}))?.flight.name).toBe('Flight 1')
    // Another campaign's flight, or one that does not exist: the campaign's first.
    expect(chosenFlight(campaigns, address({ flight: '9e3c1a2b-7d4f-4a6b-8c5d-1e2f3a4b5c66' }))?.flight.id).toBe(FIRST)
    expect(chosenFlight(campaigns, applicantsAddressOf({}))).toBeNull()
    expect(chosenFlight(campaigns, applicantsAddressOf({ campaign: 'no-flights' }))).toBeNull()
    expect(chosenFlight(campaigns, applicantsAddressOf({ campaign: 'unknown' }))).toBeNull()
  })
})
