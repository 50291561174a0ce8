import { describe, expect, it } from 'vitest'
import { currentFlight, phaseOf } from './campaigns'

const day = 24 * 60 * 60 * 1000
const now = new Date('2026-06-15T12:00:00Z')
/** A flight whose sign-up opens `from` days from now and lasts 10 days, reviews due 30 days later. */
const flight = (name: string, from: number) => ({
  name,
  signupOpensAt: new Date(now.getTime() + from * day),
  signupClosesAt: new Date(now.getTime() + (from + 10) * day),
  reviewDueAt: new Date(now.getTime() + (from + 40) * day),
})

describe('the flight a campaign is at', () => {
  it('is the open one, even when an earlier flight is still testing', () => {
    const flights = [flight('first', -20), flight('second', -2), flight('third', 30)]
    expect(flights.map((f) => phaseOf(f, now))).toEqual(['testing', 'open', 'upcoming'])
    expect(currentFlight(flights, now)?.name).toBe('second')
  })

  it('is the first not completed when none is open, else the last', () => {
    expect(currentFlight([flight('done', -60), flight('testing', -20), flight('next', 30)], now)?.name).toBe('testing')
    expect(currentFlight([flight('old', -90), flight('done', -60)], now)?.name).toBe('done')
    expect(currentFlight([], now)).toBeUndefined()
  })
})
