// A member's standing: a score from their record as a tester, and the tier it earns. The rules and
// the tiers are stated here once; the member API computes them, the portal explains them.
import * as v from 'valibot'

/** What counts, and by how much: reliability earns, letting a test down costs. */
export const STANDING_POINTS = {
  /** A test completed with its review in by the due date. */
  completedOnTime: 10,
  /** A review approved and published. */
  reviewApproved: 5,
  /** A social post shared for a test. */
  socialTaskDone: 3,
  /** Withdrawn after being selected: the place could have gone to someone else. */
  withdrawnAfterSelection: -10,
  /** Selected, and the review was not in by the due date. */
  missedDeadline: -15,
} as const
export type StandingFactor = keyof typeof STANDING_POINTS

/** The tiers from the lowest up, each from its minimum score. */
export const TIERS = [
  { id: 'newcomer', minScore: 0 },
  { id: 'tester', minScore: 10 },
  { id: 'trusted', minScore: 40 },
  { id: 'top', minScore: 100 },
] as const
export type TierId = (typeof TIERS)[number]['id']
export const TierSchema = v.picklist(['newcomer', 'tester', 'trusted', 'top'] as const satisfies readonly TierId[])

/** How many of each the member's record holds. */
export type StandingCounts = Record<StandingFactor, number>

export function standingScore(counts: StandingCounts): number {
  let score = 0
  for (const factor of Object.keys(STANDING_POINTS) as StandingFactor[]) score += counts[factor] * STANDING_POINTS[factor]
  return score
}

/** The highest tier whose minimum the score reaches (a negative score is still a newcomer). */
export function tierOf(score: number): TierId {
  let tier: TierId = TIERS[0].id
  for (const t of TIERS) if (score >= t.minScore) tier = t.id
  return tier
}

/** Where a tier stands among the others: higher is better. */
export function tierRank(tier: TierId): number {
  return TIERS.findIndex((t) => t.id === tier)
}

export function nextTier(tier: TierId): (typeof TIERS)[number] | null {
  return TIERS[tierRank(tier) + 1] ?? null
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/** GET suite/api/members/standing: the member's score, tier, what it is made of, and the next tier. */
export const StandingSchema = v.strictObject({
  score: v.number(),
  tier: TierSchema,
  counts: v.strictObject({
    completedOnTime: count,
    reviewApproved: count,
    socialTaskDone: count,
    withdrawnAfterSelection: count,
    missedDeadline: count,
  }),
  next: v.nullable(v.strictObject({ tier: TierSchema, minScore: v.number(), pointsToGo: v.number() })),
})
export type Standing = v.InferOutput<typeof StandingSchema>

export function standingOf(counts: StandingCounts): Standing {
  const score = standingScore(counts)
  const tier = tierOf(score)
  const next = nextTier(tier)
  return { score, tier, counts, next: next ? { tier: next.id, minScore: next.minScore, pointsToGo: next.minScore - score } : null }
}
