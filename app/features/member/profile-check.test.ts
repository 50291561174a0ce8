import { describe, expect, it } from 'vitest'
import { checkProfile, isPlausibleBirthDate } from './profile-check'

const today = new Date('2026-11-23T12:00:00Z')

describe('isPlausibleBirthDate', () => {
  it('accepts members of 16 and older, born 1900 or later', () => {
    expect(isPlausibleBirthDate('2010-11-23', today)).toBe(true)
    expect(isPlausibleBirthDate('1900-01-01', today)).toBe(true)
  })
  it('refuses the too young, the impossible and the malformed', () => {
    expect(isPlausibleBirthDate('2010-11-24', today)).toBe(false)
    expect(isPlausibleBirthDate('1899-12-31', today)).toBe(false)
    expect(isPlausibleBirthDate('1990-02-30', today)).toBe(false)
    expect(isPlausibleBirthDate('23/11/1990', today)).toBe(false)
  })
})

describe('checkProfile', () => {
  it('trims names and sends empty optional fields as null', () => {
    expect(checkProfile({ firstName: ' Ada ', lastName: 'Lovelace', displayName: 'Ada L.', birthDate: '', gender: '' }, today)).toEqual({
      ok: true,
      data: { firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada L.', birthDate: null, gender: null },
    })
  })
  it('names every field that is wrong', () => {
    expect(checkProfile({ firstName: ' ', lastName: 'x'.repeat(81), displayName: 'Ada', birthDate: '2015-01-01', gender: 'robot' }, today)).toEqual({
      ok: false,
      fields: ['firstName', 'lastName', 'birthDate', 'gender'],
    })
  })
})
