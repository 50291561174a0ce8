import { describe, expect, it } from 'vitest'
import type { Eligibility } from '#contract/campaigns'
import { ageOn, ineligibleReasons, type EligibilityFacts } from './eligibility'

const rules = (over: Partial<Eligibility> = {}): Eligibility => ({ countries: ['DE', 'FR'], minAge: null, phoneVerifiedRequired: false, socialProfileRequired: false, ...over })
const facts = (over: Partial<EligibilityFacts> = {}): EligibilityFacts => ({ country: 'DE', birthDate: '1990-05-01', phoneVerified: false, hasSocialProfile: false, ...over })
const now = new Date('2025-06-15T12:00:00Z')

describe('eligibility', () => {
  it('lets a member who meets every rule apply', () => {
    expect(ineligibleReasons(rules(), facts(), now)).toEqual([])
  })

  it('needs an address in one of the countries', () => {
    expect(ineligibleReasons(rules(), facts({ country: null }), now)).toEqual([{ kind: 'address' }])
    expect(ineligibleReasons(rules(), facts({ country: 'US' }), now)).toEqual([{ kind: 'country', countries: ['DE', 'FR'] }])
  })

  it('checks the age on the birthday, and asks for a birth date when there is none', () => {
    expect(ageOn('2007-06-15', now)).toBe(18)
    expect(ageOn('2007-06-16', now)).toBe(17)
    expect(ineligibleReasons(rules({ minAge: 18 }), facts({ birthDate: '2007-06-16' }), now)).toEqual([{ kind: 'age', minAge: 18 }])
    expect(ineligibleReasons(rules({ minAge: 18 }), facts({ birthDate: null }), now)).toEqual([{ kind: 'birth-date', minAge: 18 }])
  })

  it('names every missing requirement', () => {
    const reasons = ineligibleReasons(rules({ phoneVerifiedRequired: true, socialProfileRequired: true }), facts(), now)
    expect(reasons.map((r) => r.kind)).toEqual(['phone', 'social'])
    expect(ineligibleReasons(rules({ phoneVerifiedRequired: true, socialProfileRequired: true }), facts({ phoneVerified: true, hasSocialProfile: true }), now)).toEqual([])
  })
})
