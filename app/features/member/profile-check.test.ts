import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ProfileFormSchema } from './profile-check'

/** The date `years` years before today, as the date field writes it. */
function yearsAgo(years: number, days = 0): string {
  const date = new Date()
  date.setUTCFullYear(date.getUTCFullYear() - years)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const fieldsRefused = (values: Record<string, string>) => {
  const result = v.safeParse(ProfileFormSchema, values)
  return result.success ? [] : [...new Set(result.issues.map((issue) => v.getDotPath(issue)))]
}

const ada = { firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada L.', birthDate: '', gender: '' }

describe('ProfileFormSchema', () => {
  it('trims names and sends empty optional fields as null', () => {
    expect(v.parse(ProfileFormSchema, { ...ada, firstName: ' Ada ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada L.',
      birthDate: null,
      gender: null,
    })
    expect(v.parse(ProfileFormSchema, { ...ada, birthDate: '1990-05-17', gender: 'prefer-not-to-say' })).toMatchObject({
      birthDate: '1990-05-17',
      gender: 'prefer-not-to-say',
    })
  })

  it('accepts members of 16 and older, born 1900 or later', () => {
    expect(fieldsRefused({ ...ada, birthDate: yearsAgo(16) })).toEqual([])
    expect(fieldsRefused({ ...ada, birthDate: '1900-01-01' })).toEqual([])
  })

  it('refuses the too young, the impossible and the malformed date of birth', () => {
    expect(fieldsRefused({ ...ada, birthDate: yearsAgo(16, 1) })).toEqual(['birthDate'])
    expect(fieldsRefused({ ...ada, birthDate: '1899-12-31' })).toEqual(['birthDate'])
    expect(fieldsRefused({ ...ada, birthDate: '1990-02-30' })).toEqual(['birthDate'])
    expect(fieldsRefused({ ...ada, birthDate: '23/11/1990' })).toEqual(['birthDate'])
  })

  it('names every field that is wrong', () => {
    expect(fieldsRefused({ firstName: ' ', lastName: 'x'.repeat(81), displayName: 'Ada', birthDate: yearsAgo(10), gender: 'robot' })).toEqual([
      'firstName',
      'lastName',
      'birthDate',
      'gender',
    ])
  })
})
