import { describe, expect, it } from 'vitest'
import { anySending, newsletterProgress } from './newsletter-progress'

describe('newsletterProgress', () => {
  it('is still sending until the member API sets finishedAt', () => {
    expect(newsletterProgress({ sent: 200, finishedAt: null })).toEqual({ state: 'sending', sent: 200, finishedAt: null })
  })
  it('is finished once finishedAt is set, with the count it went to', () => {
    expect(newsletterProgress({ sent: 512, finishedAt: '2026-11-25T10:00:00.000Z' })).toEqual({
      state: 'finished',
      sent: 512,
      finishedAt: '2026-11-25T10:00:00.000Z',
    })
  })
  it('a finished issue sent to nobody (nobody opted in) is still finished', () => {
    expect(newsletterProgress({ sent: 0, finishedAt: '2026-11-25T10:00:00.000Z' }).state).toBe('finished')
  })
})

describe('anySending', () => {
  it('is true while any issue has not finished', () => {
    expect(anySending([{ finishedAt: '2026-11-25T10:00:00.000Z' }, { finishedAt: null }])).toBe(true)
  })
  it('is false for no issues or only finished ones', () => {
    expect(anySending([])).toBe(false)
    expect(anySending([{ finishedAt: '2026-11-25T10:00:00.000Z' }])).toBe(false)
  })
})
