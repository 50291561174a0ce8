// Eligibility: a campaign's rules applied to a member. Sign-up (process_signup) and the
// eligibility endpoint both use `ineligibleReasons`, so they always agree.
import { and, asc, count, eq, ne } from 'drizzle-orm'
import { withEligibilityDefaults, type CampaignEligibility, type Eligibility, type IneligibleReason } from '../../contract/campaigns'
import type { Country } from '../../contract/common'
import type { Preferences } from '../../contract/members'
import { tierRank, type TierId } from '../../contract/standing'
import type { Executor } from '../db/client'
import { addresses, campaigns, socialProfiles } from '../db/schema'
import { notFound } from '../http/errors'
import { currentFlight, flightsOf, phaseOf } from './campaigns'
import type { MemberRow } from './members'
import { memberTier } from './standing'
import { suspensionInForce } from './suspensions'

/** What the rules look at, about one member. */
export interface EligibilityFacts {
  country: Country | null
  birthDate: string | null
  phoneVerified: boolean
  hasSocialProfile: boolean
  /** Interests, children in the household and pets, as the member saved them. */
  preferences: Preferences
  /** The member's standing tier; looked up only when a rule asks for one (null otherwise). */
  tier: TierId | null
  /** The suspension in force (its end, null until lifted), or null when the member is not suspended. */
  suspension: { until: string | null } | null
}

/** What the rules look at; the standing (a query of its own) only when `withTier` (a rule asks for a tier). */
export async function eligibilityFacts(ex: Executor, member: MemberRow, now: Date, withTier: boolean): Promise<EligibilityFacts> {
  const [address] = await ex.select({ country: addresses.country }).from(addresses).where(eq(addresses.memberId, member.id))
  const [profiles] = await ex.select({ n: count() }).from(socialProfiles).where(eq(socialProfiles.memberId, member.id))
  const suspension = await suspensionInForce(ex, member.id, now)
  return {
    country: (address?.country as Country | undefined) ?? null,
    birthDate: member.birthDate,
    phoneVerified: member.phoneVerified,
    hasSocialProfile: Number(profiles?.n ?? 0) > 0,
    preferences: member.preferences,
    tier: withTier ? await memberTier(ex, member.id, now) : null,
    suspension: suspension ? { until: suspension.until?.toISOString() ?? null } : null,
  }
}

export function ageOn(birthDate: string, now: Date): number {
  const born = new Date(`${birthDate}T00:00:00Z`)
  let age = now.getUTCFullYear() - born.getUTCFullYear()
  const beforeBirthday = now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate())
  if (beforeBirthday) age -= 1
  return age
}

/** The campaign's rules applied to the member: why they cannot take part (empty when eligible). */
export function ineligibleReasons(rules: Eligibility, facts: EligibilityFacts, now: Date): IneligibleReason[] {
  const reasons: IneligibleReason[] = []
  if (!facts.country) reasons.push({ code: 'address' })
  else if (!rules.countries.includes(facts.country)) reasons.push({ code: 'country', countries: rules.countries })
  if (rules.minAge !== null) {
    if (!facts.birthDate) reasons.push({ code: 'birth-date', minAge: rules.minAge })
    else if (ageOn(facts.birthDate, now) < rules.minAge) reasons.push({ code: 'age', minAge: rules.minAge })
  }
  if (rules.phoneVerifiedRequired && !facts.phoneVerified) reasons.push({ code: 'phone' })
  if (rules.socialProfileRequired && !facts.hasSocialProfile) reasons.push({ code: 'social' })
  // Targeting by preferences: at least one of the interests and of the pets asked for (none asked:
  // anyone), and children in the household or none, as the test asks.
  const { interests, pets, children } = facts.preferences
  if (rules.interests.length > 0 && !rules.interests.some((i) => interests.includes(i))) reasons.push({ code: 'interests', interests: rules.interests })
  if (rules.pets.length > 0 && !rules.pets.some((p) => pets.includes(p))) reasons.push({ code: 'pets', pets: rules.pets })
  if ((rules.children === 'with' && children === 0) || (rules.children === 'without' && children > 0))
    reasons.push({ code: 'children', children: rules.children })
  if (rules.minTier && tierRank(facts.tier ?? 'newcomer') < tierRank(rules.minTier)) reasons.push({ code: 'tier', minTier: rules.minTier })
  // A suspended member takes part in no test, whatever its rules.
  if (facts.suspension) reasons.push({ code: 'suspended', until: facts.suspension.until })
  return reasons
}

/**
 * The member's eligibility for one campaign (any phase; NOT_FOUND when unknown), or for every
 * campaign whose current flight is open or upcoming.
 */
export async function campaignEligibility(ex: Executor, member: MemberRow, now: Date, campaignId?: string): Promise<CampaignEligibility[]> {
  const rows = await ex
    .select({ id: campaigns.id, eligibility: campaigns.eligibility })
    .from(campaigns)
    // One campaign: any that has a page (published or archived); the list: the published ones.
    .where(campaignId ? and(eq(campaigns.id, campaignId), ne(campaigns.status, 'draft')) : eq(campaigns.status, 'published'))
    .orderBy(asc(campaigns.id))
  if (campaignId && rows.length === 0) throw notFound('Campaign')
  let chosen = rows
  if (!campaignId && rows.length > 0) {
    const flightRows = await flightsOf(
      ex,
      rows.map((r) => r.id),
    )
    chosen = rows.filter((r) => {
      const flight = currentFlight(
        flightRows.filter((f) => f.campaignId === r.id),
        now,
      )
      const phase = flight ? phaseOf(flight, now) : undefined
      return phase === 'open' || phase === 'upcoming'
    })
  }
  if (chosen.length === 0) return []
  const rules = chosen.map((r) => ({ id: r.id, rules: withEligibilityDefaults(r.eligibility) }))
  const facts = await eligibilityFacts(
    ex,
    member,
    now,
    rules.some((r) => r.rules.minTier),
  )
  return rules.map((r) => {
    const reasons = ineligibleReasons(r.rules, facts, now)
    return { campaignId: r.id, eligible: reasons.length === 0, reasons }
  })
}
