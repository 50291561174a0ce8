import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { validateForm } from '~/lib/form'
import { registerSchema } from './account-schemas'

i18n.loadAndActivate({ locale: 'en', messages: {} })

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Ada',
  email: 'ada@example.com',
  password: 'tested4you',
  acceptTerms: true,
  referralCode: '',
}

describe('registration form', () => {
  it('accepts a complete form and normalises the referral code', () => {
    const result = validateForm(registerSchema(i18n), { ...valid, referralCode: ' ab12cd ' })
    expect(result).toEqual({ ok: true, data: { ...valid, referralCode: 'AB12CD' } })
  })

  it('reports each bad field by name', () => {
    const result = validateForm(registerSchema(i18n), {
      firstName: '',
      lastName: 'L',
      displayName: 'A',
      email: 'nope',
      password: 'short',
      acceptTerms: false,
      referralCode: '!!',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['acceptTerms', 'displayName', 'email', 'firstName', 'password', 'referralCode'])
  })

  it('wants a letter and a number in the password', () => {
    expect(validateForm(registerSchema(i18n), { ...valid, password: 'onlyletters' }).ok).toBe(false)
    expect(validateForm(registerSchema(i18n), { ...valid, password: '1234567890' }).ok).toBe(false)
  })
})
