import type { Eligibility } from '#contract/campaigns'
import type { Country } from '#contract/common'

/** What the member API checks at sign-up, as the portal knows it about the member. */
export type EligibilityFacts = {
  country: Country | null
  birthDate: string | null
  phoneVerified: boolean
  hasSocialProfile: boolean
}

/** Why a member cannot take part; each has a sentence and a page to fix it (features/campaigns). */
export type IneligibleReason =
  | { kind: 'address' }
  | { kind: 'country'; countries: readonly Country[] }
  | { kind: 'birth-date'; minAge: number }
  | { kind: 'age'; minAge: number }
  | { kind: 'phone' }
  | { kind: 'social' }

export function ageOn(birthDate: string, now: Date): number {
  const born = new Date(`${birthDate}T00:00:00Z`)
  let age = now.getUTCFullYear() - born.getUTCFullYear()
  const beforeBirthday = now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate())
  if (beforeBirthday) age -= 1
  return age
}

/**
 * The campaign's rules applied to the member, the way the member API applies them at sign-up
 * (suite/services/participations.ts): empty when the member may apply.
 */
export function ineligibleReasons(rules: Eligibility, facts: EligibilityFacts, now: Date = new Date()): IneligibleReason[] {
  const reasons: IneligibleReason[] = []
  if (!facts.country) reasons.push({ kind: 'address' })
  else if (!rules.countries.includes(facts.country)) reasons.push({ kind: 'country', countries: rules.countries })
  if (rules.minAge !== null) {
    if (!facts.birthDate) reasons.push({ kind: 'birth-date', minAge: rules.minAge })
    else if (ageOn(facts.birthDate, now) < rules.minAge) reasons.push({ kind: 'age', minAge: rules.minAge })
  }
  if (rules.phoneVerifiedRequired && !facts.phoneVerified) reasons.push({ kind: 'phone' })
  if (rules.socialProfileRequired && !facts.hasSocialProfile) reasons.push({ kind: 'social' })
  return reasons
}
