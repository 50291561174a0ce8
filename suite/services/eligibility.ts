// Eligibility: a campaign's rules applied to a member. Sign-up (process_signup) and the
// eligibility endpoint both use `ineligibleReasons`, so they always agree.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import { withEligibilityDefaults, type CampaignEligibility, type Eligibility, type IneligibleReason } from '../../contract/campaigns'
import type { Country } from '../../contract/common'
import type { Preferences } from '../../contract/members'
import { tierRank, type TierId } from '../../contract/standing'
import type { Executor, Tx } from '../db/client'
import { addresses, brandUsers, campaigns, participations, products, socialProfiles, staffRoles } from '../db/schema'
import { notFound } from '../http/errors'
import { currentFlight, flightsOf, phaseOf, PLACE_HOLDING_STATUSES } from './campaigns'
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
  /** The brand the member is a user of (brand_users), if any. */
  brandId: string | null
  /** The member holds a staff role (any). */
  staff: boolean
  /** The suspension in force (its end, null until lifted), or null when the member is not suspended. */
  suspension: { until: string | null } | null
}

/** What the rules look at, about one campaign and the member. */
export interface CampaignFacts {
  /** The brand that owns the campaign's product. */
  brandId?: string | null
  /** Another member at the member's address holds a place in the campaign. */
  householdHasPlace?: boolean
}

/** What the rules look at; the standing (a query of its own) only when `withTier` (a rule asks for a tier). */
export async function eligibilityFacts(ex: Executor, member: MemberRow, now: Date, withTier: boolean): Promise<EligibilityFacts> {
  const [address] = await ex.select({ country: addresses.country }).from(addresses).where(eq(addresses.memberId, member.id))
  const [profiles] = await ex.select({ n: count() }).from(socialProfiles).where(eq(socialProfiles.memberId, member.id))
  const [brandUser] = await ex.select({ brandId: brandUsers.brandId }).from(brandUsers).where(eq(brandUsers.uid, member.uid))
  const [role] = await ex.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.uid, member.uid)).limit(1)
  const suspension = await suspensionInForce(ex, member.id, now)
  return {
    country: (address?.country as Country | undefined) ?? null,
    birthDate: member.birthDate,
    phoneVerified: member.phoneVerified,
    hasSocialProfile: Number(profiles?.n ?? 0) > 0,
    preferences: member.preferences,
    tier: withTier ? await memberTier(ex, member.id, now) : null,
    brandId: brandUser?.brandId ?? null,
    staff: role !== undefined,
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

/** The household of the member's saved address (null: no address). */
export async function householdKeyOf(ex: Executor, memberId: string): Promise<string | null> {
  const [row] = await ex.select({ key: addresses.householdKey }).from(addresses).where(eq(addresses.memberId, memberId))
  return row?.key ?? null
}

/**
 * Serialises the giving of places to one household in one campaign until the transaction ends:
 * two members at one address who sign up (or are selected) at the same moment are decided one
 * after the other, across every flight of the campaign and every member-API process.
 */
export async function lockHousehold(tx: Tx, campaignId: string, householdKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`household|${campaignId}|${householdKey}`}, 0))`)
}

/**
 * The campaigns, among these, in which another member of the household holds a place (selected,
 * shipped, delivered, reviewed or completed).
 */
export async function campaignsWithHouseholdPlace(ex: Executor, memberId: string, householdKey: string, campaignIds: string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set()
  const rows = await ex
    .selectDistinct({ campaignId: participations.campaignId })
    .from(participations)
    .innerJoin(addresses, eq(addresses.memberId, participations.memberId))
    .where(
      and(
        eq(addresses.householdKey, householdKey),
        ne(participations.memberId, memberId),
        inArray(participations.campaignId, campaignIds),
        inArray(participations.status, [...PLACE_HOLDING_STATUSES]),
      ),
    )
  return new Set(rows.map((r) => r.campaignId))
}

/**
 * Whether another member at the member's address holds a place in the campaign, decided under the
 * household's lock (lockHousehold), so a place given after this in the same transaction is the
 * household's only one. A member without an address is in no household.
 */
export async function householdHoldsPlace(tx: Tx, campaignId: string, memberId: string): Promise<boolean> {
  const key = await householdKeyOf(tx, memberId)
  if (!key) return false
  await lockHousehold(tx, campaignId, key)
  return (await campaignsWithHouseholdPlace(tx, memberId, key, [campaignId])).size > 0
}

/**
 * The campaign's rules applied to the member: why they cannot take part (empty when eligible).
 * Whatever the rules, a brand's users never test their own brand's products, and staff take part
 * in no test while they hold a role (docs/decisions/017-insiders-do-not-test.md).
 */
export function ineligibleReasons(rules: Eligibility, facts: EligibilityFacts, now: Date, campaign: CampaignFacts = {}): IneligibleReason[] {
  const reasons: IneligibleReason[] = []
  if (facts.staff) reasons.push({ code: 'staff' })
  if (facts.brandId !== null && campaign.brandId === facts.brandId) reasons.push({ code: 'own-brand' })
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
  if (rules.onePerHousehold && campaign.householdHasPlace) reasons.push({ code: 'household' })
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
    .select({ id: campaigns.id, eligibility: campaigns.eligibility, brandId: products.brandId })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
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
  const rules = chosen.map((r) => ({ id: r.id, brandId: r.brandId, rules: withEligibilityDefaults(r.eligibility) }))
  const facts = await eligibilityFacts(
    ex,
    member,
    now,
    rules.some((r) => r.rules.minTier),
  )
  const householdKey = rules.some((r) => r.rules.onePerHousehold) ? await householdKeyOf(ex, member.id) : null
  const householdPlaces = householdKey
    ? await campaignsWithHouseholdPlace(
        ex,
        member.id,
        householdKey,
        rules.filter((r) => r.rules.onePerHousehold).map((r) => r.id),
      )
    : new Set<string>()
  return rules.map((r) => {
    const reasons = ineligibleReasons(r.rules, facts, now, { brandId: r.brandId, householdHasPlace: householdPlaces.has(r.id) })
    return { campaignId: r.id, eligible: reasons.length === 0, reasons }
  })
}
