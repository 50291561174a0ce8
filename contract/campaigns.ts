// Campaigns (product tests), their flights, and the public review pages.
import * as v from 'valibot'
import { TierSchema } from './standing'
import { CategorySchema, CountrySchema, PageQuerySchema, SocialPlatformSchema, Timestamp, Uuid, pageOf, queryInt } from './common'
import { PETS } from './members'
import { ProductImageSchema } from './product-images'
import { ProductIdentifiersSchema } from './product-identifiers'
import { ReviewPhotoSchema } from './review-photos'

export const PHASES = ['upcoming', 'open', 'testing', 'completed'] as const
export const PhaseSchema = v.picklist(PHASES)
export type Phase = v.InferOutput<typeof PhaseSchema>

/** free-product: the product is sent; verified-purchase: the member buys it and is reimbursed. */
export const CAMPAIGN_KINDS = ['free-product', 'verified-purchase'] as const

/**
 * A campaign's lifecycle: a draft is seen by staff only; a published campaign is on the public
 * pages, its phase following its flights' dates; an archived one is off the public lists, its
 * records kept (its page stays for the links to it).
 */
export const CAMPAIGN_STATUSES = ['draft', 'published', 'archived'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]
/**
 * How places are given: first-come, an eligible applicant takes a free place at once (the waitlist
 * after it); curated, applications wait as "applied" until staff choose, and those not chosen are
 * told once the flight's sign-up closes.
 */
export const SELECTION_MODES = ['first-come', 'curated'] as const
export const SelectionModeSchema = v.picklist(SELECTION_MODES)
export type SelectionMode = v.InferOutput<typeof SelectionModeSchema>
export const CampaignKindSchema = v.picklist(CAMPAIGN_KINDS)
export type CampaignKind = v.InferOutput<typeof CampaignKindSchema>

export const ProductSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  brand: v.string(),
  description: v.string(),
  category: CategorySchema,
  retailValueCents: v.number(),
  currency: v.string(),
  ...ProductIdentifiersSchema,
  /** In the order staff set, each with its alt text; the first leads the product's pages. */
  images: v.array(ProductImageSchema),
})
export type Product = v.InferOutput<typeof ProductSchema>

export const FlightSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  signupOpensAt: Timestamp,
  signupClosesAt: Timestamp,
  testingStartsAt: Timestamp,
  reviewDueAt: Timestamp,
  phase: PhaseSchema,
  quota: v.number(),
  selectedCount: v.number(),
  placesLeft: v.number(),
  waitlistCount: v.number(),
})
export type Flight = v.InferOutput<typeof FlightSchema>

const PetSchema = v.picklist(PETS)

/** A test for households with children, or without. */
export const CHILDREN_RULES = ['with', 'without'] as const
export const ChildrenRuleSchema = v.picklist(CHILDREN_RULES)
export type ChildrenRule = v.InferOutput<typeof ChildrenRuleSchema>

export const EligibilitySchema = v.strictObject({
  countries: v.array(CountrySchema),
  minAge: v.nullable(v.number()),
  phoneVerifiedRequired: v.boolean(),
  socialProfileRequired: v.boolean(),
  // The rules on the member's preferences came later: campaigns stored before them lack the keys
  // and mean "anyone" (see withEligibilityDefaults).
  /** Members interested in at least one of these categories; empty: anyone. */
  interests: v.optional(v.array(CategorySchema), () => []),
  /** Households with at least one of these pets; empty: anyone. */
  pets: v.optional(v.array(PetSchema), () => []),
  /** Households with children, or without; null: anyone. */
  children: v.optional(v.nullable(ChildrenRuleSchema), null),
  /** Members whose standing has reached this tier; null: anyone. */
  minTier: v.optional(v.nullable(TierSchema), null),
  /**
   * One tester per household: a member is not given a place while another member at the same
   * normalised postal address holds one in the campaign. Campaigns stored before the rule lack the
   * key and keep running without it; new ones have it on unless their author turns it off.
   */
  onePerHousehold: v.optional(v.boolean(), false),
})
/** A campaign's rules, every one present. */
export type Eligibility = v.InferOutput<typeof EligibilitySchema>
/** A campaign's rules as stored or written: the preference rules may be missing. */
export type EligibilityInput = v.InferInput<typeof EligibilitySchema>

/** The one place a campaign's stored rules get their defaults: a missing preference rule means anyone. */
export function withEligibilityDefaults(rules: EligibilityInput): Eligibility {
  return {
    ...rules,
    interests: rules.interests ?? [],
    pets: rules.pets ?? [],
    children: rules.children ?? null,
    minTier: rules.minTier ?? null,
    onePerHousehold: rules.onePerHousehold ?? false,
  }
}

/** Rules that let anyone in the given countries take part; `more` adds rules. */
export function openTo(countries: Eligibility['countries'], more: Partial<Eligibility> = {}): Eligibility {
  return {
    countries,
    minAge: null,
    phoneVerifiedRequired: false,
    socialProfileRequired: false,
    interests: [],
    pets: [],
    children: null,
    minTier: null,
    onePerHousehold: false,
    ...more,
  }
}

/**
 * Why a member cannot take part in a campaign, by code (the portal words each one). The member
 * API checks the same reasons at sign-up (process_signup) and for the eligibility endpoint.
 */
export const IneligibleReasonSchema = v.variant('code', [
  /** No shipping address saved. */
  v.strictObject({ code: v.literal('address') }),
  /** The saved address is in a country the test does not ship to. */
  v.strictObject({ code: v.literal('country'), countries: v.array(CountrySchema) }),
  /** The test has a minimum age and the member has no birth date. */
  v.strictObject({ code: v.literal('birth-date'), minAge: v.number() }),
  /** The member is younger than the minimum age. */
  v.strictObject({ code: v.literal('age'), minAge: v.number() }),
  /** The test needs a verified phone number. */
  v.strictObject({ code: v.literal('phone') }),
  /** The test needs a connected social account. */
  v.strictObject({ code: v.literal('social') }),
  /** The test is for members interested in one of these categories, and the member's preferences name none of them. */
  v.strictObject({ code: v.literal('interests'), interests: v.array(CategorySchema) }),
  /** The test is for households with one of these pets, and the member's preferences name none of them. */
  v.strictObject({ code: v.literal('pets'), pets: v.array(PetSchema) }),
  /** The test is for households with (or without) children, and the member's preferences say otherwise. */
  v.strictObject({ code: v.literal('children'), children: ChildrenRuleSchema }),
  /** The test is for members whose standing has reached this tier, and the member's has not. */
  v.strictObject({ code: v.literal('tier'), minTier: TierSchema }),
  /** The test takes one tester per household, and someone at the member's address has a place in it. */
  v.strictObject({ code: v.literal('household') }),
  /** The member is a user of the brand whose product the test is: a brand's users never test their own brand's products. */
  v.strictObject({ code: v.literal('own-brand') }),
  /** The member holds a staff role (docs/decisions/017): staff choose testers and moderate reviews, so they take no part while they hold one. */
  v.strictObject({ code: v.literal('staff') }),
  /** The member's screener answers showed the test is not for them (which answers, members are not told). Final for the flight. */
  v.strictObject({ code: v.literal('screener') }),
  /** The member is suspended; `until` is its end, null until support lifts it. */
  v.strictObject({ code: v.literal('suspended'), until: v.nullable(v.pipe(v.string(), v.isoTimestamp())) }),
])
export type IneligibleReason = v.InferOutput<typeof IneligibleReasonSchema>
export type IneligibleReasonCode = IneligibleReason['code']

/** The calling member and one campaign's rules: eligible when there are no reasons. */
export const CampaignEligibilitySchema = v.strictObject({
  campaignId: v.string(),
  eligible: v.boolean(),
  reasons: v.array(IneligibleReasonSchema),
})
export type CampaignEligibility = v.InferOutput<typeof CampaignEligibilitySchema>

/**
 * GET logistics/v1/campaigns/eligibility — the campaigns open or upcoming now; with `campaignId`,
 * that one campaign whatever its phase (NOT_FOUND for an unknown one).
 */
export const CampaignEligibilityQuerySchema = v.strictObject({
  campaignId: v.optional(Uuid),
})
export const CampaignEligibilityListSchema = v.strictObject({ items: v.array(CampaignEligibilitySchema) })
export type CampaignEligibilityList = v.InferOutput<typeof CampaignEligibilityListSchema>

export const SCREENER_KINDS = ['single', 'multi', 'text'] as const
export const ScreenerQuestionSchema = v.strictObject({
  id: v.string(),
  prompt: v.string(),
  kind: v.picklist(SCREENER_KINDS),
  options: v.array(v.string()),
  required: v.boolean(),
})
/**
 * A screener question as stored: besides what members see, the options whose choice makes an
 * applicant not eligible (never sent to members, so an answer cannot be tuned to pass).
 */
export type ScreenerQuestion = v.InferOutput<typeof ScreenerQuestionSchema> & { disqualifying?: string[] }

export const TasksSchema = v.strictObject({
  questionnaire: v.boolean(),
  purchaseIntent: v.boolean(),
  review: v.boolean(),
  /** Posts about the product on the member's social accounts. */
  social: v.boolean(),
  /** The platforms the posts go on; empty: any the member uses. */
  socialPlatforms: v.array(SocialPlatformSchema),
  /** A report of the posts' impressions. */
  impressions: v.boolean(),
})
export type Tasks = v.InferOutput<typeof TasksSchema>
/**
 * A campaign's tasks as stored: campaigns written before authoring lack the two later keys (see
 * withTaskDefaults), and then the impressions report went with the social posts.
 */
export type TasksInput = Omit<Tasks, 'socialPlatforms' | 'impressions'> & Partial<Pick<Tasks, 'socialPlatforms' | 'impressions'>>

/** The one place a campaign's stored tasks get their defaults: before authoring, impressions went with social posts. */
export function withTaskDefaults(tasks: TasksInput): Tasks {
  return { ...tasks, socialPlatforms: tasks.socialPlatforms ?? [], impressions: tasks.impressions ?? tasks.social }
}

export const CampaignSummarySchema = v.strictObject({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  brand: v.string(),
  summary: v.string(),
  kind: CampaignKindSchema,
  category: CategorySchema,
  /** The category's name, as the pages show it (categories are data an admin names). */
  categoryName: v.string(),
  /** Phase of the campaign's current flight (the first one not completed, else the last). */
  phase: PhaseSchema,
  imageUrl: v.string(),
  productId: v.string(),
  productName: v.string(),
  retailValueCents: v.number(),
  currency: v.string(),
  quota: v.number(),
  placesLeft: v.number(),
  signupOpensAt: Timestamp,
  signupClosesAt: Timestamp,
  testingStartsAt: Timestamp,
  reviewCount: v.number(),
  averageRating: v.nullable(v.number()),
  /** How places are given: the member is told which before applying. */
  selectionMode: SelectionModeSchema,
})
export type CampaignSummary = v.InferOutput<typeof CampaignSummarySchema>

export const CampaignDetailSchema = v.strictObject({
  ...CampaignSummarySchema.entries,
  /** Taken off the public lists by staff: its page still answers (links to it keep working), for people, not search engines. */
  archived: v.boolean(),
  description: v.string(),
  product: ProductSchema,
  flights: v.array(FlightSchema),
  eligibility: EligibilitySchema,
  screener: v.array(ScreenerQuestionSchema),
  tasks: TasksSchema,
})
export type CampaignDetail = v.InferOutput<typeof CampaignDetailSchema>

/** GET suite/api/public/campaigns?phase=open (ready to test) | upcoming … */
export const CampaignListQuerySchema = v.strictObject({
  phase: v.optional(PhaseSchema),
  category: v.optional(CategorySchema),
  ...PageQuerySchema,
})
export const CampaignPageSchema = pageOf(CampaignSummarySchema)
export type CampaignPage = v.InferOutput<typeof CampaignPageSchema>

/** A category as the pages name it, with the number of published campaigns testing a product of it. */
export const CategoryCountSchema = v.strictObject({ slug: CategorySchema, name: v.string(), campaigns: v.number() })
export type CategoryCount = v.InferOutput<typeof CategoryCountSchema>
/** GET suite/api/public/categories: every category, by name, those without campaigns too. */
export const CategoriesResultSchema = v.strictObject({ categories: v.array(CategoryCountSchema) })
export type CategoriesResult = v.InferOutput<typeof CategoriesResultSchema>

/** A published review as anyone may read it. */
export const PublicReviewSchema = v.strictObject({
  id: v.string(),
  campaignId: v.string(),
  campaignSlug: v.string(),
  productId: v.string(),
  productName: v.string(),
  brand: v.string(),
  imageUrl: v.string(),
  rating: v.number(),
  title: v.string(),
  body: v.string(),
  /** In the author's order, each with its description; served by suite/api/public/review-photos. */
  photos: v.array(ReviewPhotoSchema),
  /** The author's display name, or "Former member" once pseudonymised. */
  authorName: v.string(),
  receivedForFree: v.boolean(),
  publishedAt: Timestamp,
})
export type PublicReview = v.InferOutput<typeof PublicReviewSchema>

/**
 * A published review on its own page: with what its page tells search engines and link previews,
 * the size of its first photo (the card image), else the product's first image, and the brand's
 * identifiers of the product.
 */
export const PublicReviewPageSchema = v.strictObject({
  ...PublicReviewSchema.entries,
  firstPhoto: v.nullable(v.strictObject({ id: v.string(), alt: v.string(), width: v.number(), height: v.number() })),
  /** The product's first image: the card image of a review without photos. */
  productImage: v.nullable(ProductImageSchema),
  productIdentifiers: v.strictObject(ProductIdentifiersSchema),
})
export type PublicReviewPage = v.InferOutput<typeof PublicReviewPageSchema>

/**
 * GET suite/api/public/reviews?campaignId=…&category=kitchen&minRating=4 … — every filter is
 * optional; `total` and `averageRating` count the reviews that pass them.
 */
export const ReviewListQuerySchema = v.strictObject({
  campaignId: v.optional(v.pipe(v.string(), v.uuid())),
  productId: v.optional(v.pipe(v.string(), v.uuid())),
  /** The product's category. */
  category: v.optional(CategorySchema),
  /** Reviews with at least this many stars (1–5). */
  minRating: v.optional(queryInt(1, 5)),
  /**
   * The page that follows the review with this id (a page's nextCursor), or the page that comes
   * before it (previousCursor): read from where that review is, however deep, instead of counting
   * `page` pages from the start. `page` then only names the page.
   */
  after: v.optional(v.pipe(v.string(), v.uuid('must be a review id'))),
  before: v.optional(v.pipe(v.string(), v.uuid('must be a review id'))),
  ...PageQuerySchema,
})
export type ReviewListQuery = v.InferOutput<typeof ReviewListQuerySchema>
export const ReviewPageSchema = v.strictObject({
  ...pageOf(PublicReviewSchema).entries,
  averageRating: v.nullable(v.number()),
  /** `after` for the next page (the last review's id) when the page is full; null on the last page. */
  nextCursor: v.nullable(v.string()),
  /** `before` for the previous page (the first review's id) past the first page. */
  previousCursor: v.nullable(v.string()),
})
export type ReviewPage = v.InferOutput<typeof ReviewPageSchema>
