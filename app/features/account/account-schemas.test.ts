import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { RegisterSchema } from './account-schemas'

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Ada',
  email: 'ada@example.com',
  password: 'tested4you',
  acceptTerms: true,
  referralCode: '',
}

/** The fields a schema refuses, by name (what the form marks). */
const refusedFields = (values: unknown) => {
  const result = v.safeParse(RegisterSchema, values)
  return result.success ? [] : [...new Set(result.issues.map((issue) => v.getDotPath(issue)))].sort()
}

describe('registration form', () => {
  it('accepts a complete form and normalises the referral code', () => {
    const result = v.safeParse(RegisterSchema, { ...valid, referralCode: ' ab12cd ' })
    expect(result.success).toBe(true)
    expect(result.output).toEqual({ ...valid, referralCode: 'AB12CD' })
  })

  it('reports each bad field by name', () => {
    const values = {
      firstName: '',
      lastName: 'L',
      displayName: 'A',
      email: 'nope',
      password: 'short',
      acceptTerms: false,
      referralCode: '!!',
    }
    expect(v.safeParse(RegisterSchema, values).success).toBe(false)
    expect(refusedFields(values)).toEqual(['acceptTerms', 'displayName', 'email', 'firstName', 'password', 'referralCode'])
  })

  it('wants a letter and a number in the password', () => {
    expect(v.safeParse(RegisterSchema, { ...valid, password: 'onlyletters' }).success).toBe(false)
    expect(v.safeParse(RegisterSchema, { ...valid, password: '1234567890' }).success).toBe(false)
  })
})
