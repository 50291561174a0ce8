// The rules of a campaign applied to a member's facts: the one function behind the eligibility
// endpoint and sign-up.
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { EligibilitySchema, openTo, withEligibilityDefaults, type Eligibility, type IneligibleReason } from '../../contract/campaigns'
import { ineligibleReasons, type EligibilityFacts } from './eligibility'

const NOW = new Date('2026-06-15T12:00:00Z')

const anyone: Eligibility = openTo(['DE', 'GB'])

const member: EligibilityFacts = {
  country: 'DE',
  birthDate: '1990-06-16',
  phoneVerified: false,
  hasSocialProfile: false,
  preferences: { interests: [], children: 0, pets: [] },
  tier: 'tester',
  brandId: null,
  staff: false,
  suspension: null,
}

const reasons = (rules: Partial<Eligibility>, facts: Partial<EligibilityFacts> = {}, prefs: Partial<EligibilityFacts['preferences']> = {}) =>
  ineligibleReasons({ ...anyone, ...rules }, { ...member, ...facts, preferences: { ...member.preferences, ...prefs } }, NOW)

describe('ineligibleReasons', () => {
  it('says so when the test takes one tester per household and someone at the address has a place', () => {
    const rules = { ...anyone, onePerHousehold: true }
    expect(ineligibleReasons(rules, member, NOW, { householdHasPlace: true })).toEqual([{ code: 'household' }])
    expect(ineligibleReasons(rules, member, NOW, { householdHasPlace: false })).toEqual([])
    expect(ineligibleReasons({ ...anyone, onePerHousehold: false }, member, NOW, { householdHasPlace: true })).toEqual([])
  })

  it("turns a brand's user away from their own brand's tests only, and staff from every test", () => {
    const brandUser = { ...member, brandId: 'brand-a' }
    expect(ineligibleReasons(anyone, brandUser, NOW, { brandId: 'brand-a' })).toEqual([{ code: 'own-brand' }])
    expect(ineligibleReasons(anyone, brandUser, NOW, { brandId: 'brand-b' })).toEqual([])
    expect(ineligibleReasons(anyone, member, NOW, { brandId: 'brand-a' })).toEqual([])
    expect(ineligibleReasons(anyone, { ...member, staff: true }, NOW, { brandId: 'brand-b' })).toEqual([{ code: 'staff' }])
  })

  it.each<[string, Partial<Eligibility>, Partial<EligibilityFacts>, IneligibleReason[]]>([
    ['anyone with an address in a country served', {}, {}, []],
    ['no address', {}, { country: null }, [{ code: 'address' }]],
    ['a country not served', {}, { country: 'US' }, [{ code: 'country', countries: ['DE', 'GB'] }]],
    ['a minimum age without a birth date', { minAge: 18 }, { birthDate: null }, [{ code: 'birth-date', minAge: 18 }]],
    ['36 the day after: 35 today', { minAge: 36 }, {}, [{ code: 'age', minAge: 36 }]],
    ['35 is old enough for 35', { minAge: 35 }, {}, []],
    ['a verified phone asked for', { phoneVerifiedRequired: true }, {}, [{ code: 'phone' }]],
    ['a social account asked for', { socialProfileRequired: true }, { hasSocialProfile: true }, []],
    ['a tier asked for, the member’s is lower', { minTier: 'trusted' }, {}, [{ code: 'tier', minTier: 'trusted' }]],
    ['a tier asked for, the member’s is that one', { minTier: 'tester' }, {}, []],
    ['a tier asked for, the member’s is higher', { minTier: 'tester' }, { tier: 'top' }, []],
    ['a suspended member, until lifted', {}, { suspension: { until: null } }, [{ code: 'suspended', until: null }]],
    ['a suspended member, until a date', {}, { suspension: { until: '2026-12-01T00:00:00.000Z' } }, [{ code: 'suspended', until: '2026-12-01T00:00:00.000Z' }]],
  ])('%s', (_what, rules, facts, expected) => {
    expect(reasons(rules, facts)).toEqual(expected)
  })

  it.each<[string, Partial<Eligibility>, Partial<EligibilityFacts['preferences']>, IneligibleReason[]]>([
    ['no preference rules: a member with no preferences', {}, {}, []],
    ['pets asked for, the member has none', { pets: ['dog', 'cat'] }, {}, [{ code: 'pets', pets: ['dog', 'cat'] }]],
    ['pets asked for, the member has another kind', { pets: ['dog', 'cat'] }, { pets: ['fish'] }, [{ code: 'pets', pets: ['dog', 'cat'] }]],
    ['pets asked for, the member has one of them', { pets: ['dog', 'cat'] }, { pets: ['fish', 'cat'] }, []],
    [
      'interests asked for, the member names none',
      { interests: ['kitchen', 'food-drink'] },
      { interests: ['tech'] },
      [{ code: 'interests', interests: ['kitchen', 'food-drink'] }],
    ],
    ['interests asked for, the member names one', { interests: ['kitchen', 'food-drink'] }, { interests: ['tech', 'kitchen'] }, []],
    ['with children, the member has none', { children: 'with' }, { children: 0 }, [{ code: 'children', children: 'with' }]],
    ['with children, the member has two', { children: 'with' }, { children: 2 }, []],
    ['without children, the member has one', { children: 'without' }, { children: 1 }, [{ code: 'children', children: 'without' }]],
    ['without children, the member has none', { children: 'without' }, { children: 0 }, []],
    ['children any, whatever the member has', { children: null }, { children: 3 }, []],
    [
      'every preference rule missed at once, in order',
      { interests: ['baby'], pets: ['dog'], children: 'with' },
      {},
      [
        { code: 'interests', interests: ['baby'] },
        { code: 'pets', pets: ['dog'] },
        { code: 'children', children: 'with' },
      ],
    ],
  ])('%s', (_what, rules, prefs, expected) => {
    expect(reasons(rules, {}, prefs)).toEqual(expected)
  })

  it('reports the address and the preference rules together', () => {
    expect(reasons({ pets: ['cat'] }, { country: null })).toEqual([{ code: 'address' }, { code: 'pets', pets: ['cat'] }])
  })
})

describe('withEligibilityDefaults', () => {
  it('reads rules stored before the preference, tier and household rules as "anyone"', () => {
    const stored = { countries: ['DE'], minAge: 18, phoneVerifiedRequired: true, socialProfileRequired: false } as const
    expect(withEligibilityDefaults({ ...stored, countries: [...stored.countries] })).toEqual({
      ...stored,
      countries: ['DE'],
      interests: [],
      pets: [],
      children: null,
      minTier: null,
      onePerHousehold: false,
    })
  })

  it('agrees with the contract schema, which fills the same defaults when it reads an answer', () => {
    const stored = { countries: ['DE' as const], minAge: null, phoneVerifiedRequired: false, socialProfileRequired: false }
    expect(v.parse(EligibilitySchema, stored)).toEqual(withEligibilityDefaults(stored))
    expect(v.safeParse(EligibilitySchema, { ...stored, pets: ['unicorn'] }).success).toBe(false)
    expect(v.safeParse(EligibilitySchema, { ...stored, children: 'some' }).success).toBe(false)
  })

  it('keeps the preference rules a campaign has', () => {
    const rules: Eligibility = { ...anyone, interests: ['pets'], pets: ['dog'], children: 'without' }
    expect(withEligibilityDefaults(rules)).toEqual(rules)
  })
})
