import { describe, expect, it } from 'vitest'
import type { OpsFlight } from '#contract/campaign-authoring'
import { FLIGHT_API_FIELDS, fixedDatesOf, flightFormSchema, flightFormValuesOf, flightInputOf, undeletableBecause } from './flight-form-values'

const flight: OpsFlight = {
  id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  name: 'Flight 1',
  position: 1,
  signupOpensAt: '2026-07-01T08:00:00.000Z',
  signupClosesAt: '2026-07-08T20:00:00.000Z',
  testingStartsAt: '2026-07-10T08:00:00.000Z',
  reviewDueAt: '2026-07-31T20:00:00.000Z',
  phase: 'open',
  quota: 20,
  placesTaken: 3,
  participants: 5,
}

const issuesOf = (values: ReturnType<typeof flightFormValuesOf>) => {
  const result = flightFormSchema['~standard'].validate(values) as { issues?: { path: string[] }[] }
  return (result.issues ?? []).map((issue) => issue.path.join('.'))
}

describe('the flight form and FlightInput', () => {
  it('gives back the saved flight; a new one has its suggested name and nothing else', () => {
    expect(flightInputOf(flightFormValuesOf(flight, 'unused'))).toEqual({
      name: 'Flight 1',
      signupOpensAt: flight.signupOpensAt,
      signupClosesAt: flight.signupClosesAt,
      testingStartsAt: flight.testingStartsAt,
      reviewDueAt: flight.reviewDueAt,
      quota: 20,
    })
    expect(flightFormValuesOf(null, 'Flight 2')).toEqual({
      name: 'Flight 2',
      signupOpensAt: '',
      signupClosesAt: '',
      testingStartsAt: '',
      reviewDueAt: '',
      quota: null,
    })
  })

  it('refuses empty or unreadable dates, a blank quota and dates out of order, each on its field', () => {
    expect(issuesOf({ ...flightFormValuesOf(null, 'Flight 2'), signupOpensAt: null }).sort()).toEqual([
      'quota',
      'reviewDueAt',
      'signupClosesAt',
      'signupOpensAt',
      'testingStartsAt',
    ])
    const outOfOrder = { ...flightFormValuesOf(flight, ''), testingStartsAt: '2026-07-05T08:00:00.000Z' }
    expect(issuesOf(outOfOrder)).toEqual(['testingStartsAt'])
    expect(issuesOf(flightFormValuesOf(flight, ''))).toEqual([])
  })

  it("maps the member API's field names, inside the body or alone", () => {
    expect(FLIGHT_API_FIELDS['flight.quota']).toBe('quota')
    expect(FLIGHT_API_FIELDS.signupOpensAt).toBe('signupOpensAt')
  })
})

describe('what a flight keeps', () => {
  it("keeps the passed dates of a published campaign's flight; a draft's all change", () => {
    const now = Date.parse('2026-07-09T00:00:00.000Z')
    expect(fixedDatesOf(flight, 'published', now)).toEqual(['signupOpensAt', 'signupClosesAt'])
    expect(fixedDatesOf(flight, 'draft', now)).toEqual([])
    expect(fixedDatesOf(null, 'published', now)).toEqual([])
  })

  it('cannot be deleted with participants, nor as the only flight of a published campaign', () => {
    expect(undeletableBecause(flight, [flight], 'draft')).toBe('participants')
    const empty = { ...flight, participants: 0, placesTaken: 0 }
    expect(undeletableBecause(empty, [empty], 'published')).toBe('last-flight')
    expect(undeletableBecause(empty, [empty], 'draft')).toBeNull()
    expect(undeletableBecause(empty, [empty, flight], 'published')).toBeNull()
  })
})
