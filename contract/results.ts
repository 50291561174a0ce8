// A campaign's results, as the console shows them to staff and (later) to the campaign's brand: the
// funnel of each flight, the ratings, the screener's answers and the testers' profile in aggregate,
// and the social reach. Nothing in it names or locates a tester.
import * as v from 'valibot'

/** A group of fewer people than this is not shown (its count is null), so no one can be singled out. */
export const SMALLEST_GROUP = 5

/** A count of people that is null when the group is too small to show. */
const GroupSchema = v.strictObject({ label: v.string(), people: v.nullable(v.number()) })
export type Group = v.InferOutput<typeof GroupSchema>

export const FlightFunnelSchema = v.strictObject({
  flightId: v.string(),
  name: v.string(),
  applied: v.number(),
  eligible: v.number(),
  selected: v.number(),
  /** Waiting for a place now. */
  waitlisted: v.number(),
  shipped: v.number(),
  delivered: v.number(),
  reviewed: v.number(),
  published: v.number(),
  completed: v.number(),
  withdrawn: v.number(),
  /** Median days from the parcel's shipping to the review, over the reviews sent; null before any. */
  medianDaysShippedToReview: v.nullable(v.number()),
})
export type FlightFunnel = v.InferOutput<typeof FlightFunnelSchema>

export const RatingResultsSchema = v.strictObject({
  published: v.number(),
  /** Null before the first published review. */
  average: v.nullable(v.number()),
  /** Published reviews by stars, 1 to 5 in order. */
  distribution: v.array(v.strictObject({ rating: v.number(), reviews: v.number() })),
  /** By the week they were published (weeks start on Monday, UTC), oldest first. */
  overTime: v.array(v.strictObject({ week: v.string(), reviews: v.number(), average: v.number() })),
  withPhotos: v.number(),
  /** Published reviews that carry the line saying the product was received for free. */
  withDisclosure: v.number(),
})
export type RatingResults = v.InferOutput<typeof RatingResultsSchema>

export const ScreenerResultSchema = v.strictObject({
  questionId: v.string(),
  prompt: v.string(),
  kind: v.picklist(['single', 'multi', 'text']),
  /** Applicants who answered. */
  answered: v.number(),
  /** Each option's people (a multiple-choice answer counts once per option chosen); none for free text, which is never shown. */
  options: v.array(GroupSchema),
})

export const ProfileResultsSchema = v.strictObject({
  /** Testers: the applicants who were selected. */
  testers: v.number(),
  countries: v.array(GroupSchema),
  ageBands: v.array(GroupSchema),
  /** Standing tiers when they applied. */
  tiers: v.array(GroupSchema),
})

export const SocialResultsSchema = v.strictObject({
  posts: v.number(),
  /** The latest reported reach of each post, summed. */
  reach: v.number(),
  platforms: v.array(
    v.strictObject({ platform: v.string(), posts: v.number(), reach: v.number(), likes: v.number(), comments: v.number(), shares: v.number() }),
  ),
})

export const CampaignResultsSchema = v.strictObject({
  campaignId: v.string(),
  title: v.string(),
  brand: v.string(),
  /** When these figures were read: they follow the campaign live. */
  readAt: v.string(),
  flights: v.array(FlightFunnelSchema),
  ratings: RatingResultsSchema,
  screener: v.array(ScreenerResultSchema),
  profile: ProfileResultsSchema,
  social: SocialResultsSchema,
})
export type CampaignResults = v.InferOutput<typeof CampaignResultsSchema>

/**
 * Counts by label, with every group under SMALLEST_GROUP hidden. When exactly one group would be
 * hidden, the next smallest is hidden too: with a total known elsewhere, one hidden group's count
 * would be the difference.
 */
export function groupsOf(counts: ReadonlyArray<readonly [string, number]>): Group[] {
  const present = counts.filter(([, people]) => people > 0)
  const hidden = new Set(present.filter(([, people]) => people < SMALLEST_GROUP).map(([label]) => label))
  if (hidden.size === 1) {
    const next = present.filter(([label]) => !hidden.has(label)).sort((a, b) => a[1] - b[1])[0]
    if (next) hidden.add(next[0])
  }
  return present.map(([label, people]) => ({ label, people: hidden.has(label) ? null : people }))
}

/** The age bands testers are counted in. */
export const AGE_BANDS = ['18–24', '25–34', '35–44', '45–54', '55–64', '65+'] as const

export function ageBandOf(birthDate: string | null, now: Date): string {
  if (!birthDate) return 'not given'
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number]
  let age = now.getUTCFullYear() - year
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age--
  const bounds = [25, 35, 45, 55, 65]
  const index = bounds.findIndex((bound) => age < bound)
  return AGE_BANDS[index === -1 ? AGE_BANDS.length - 1 : index]!
}
