// Campaign authoring in the console: a campaign's definition (wording, kind, selection mode, product,
// rules, screener, tasks) and its flights, from draft to published. The console, the command line
// and the demo seed all create campaigns through these inputs, so none can disagree about what a
// valid campaign is.
import * as v from 'valibot'
import {
  CAMPAIGN_STATUSES,
  CampaignKindSchema,
  ChildrenRuleSchema,
  PhaseSchema,
  SCREENER_KINDS,
  SelectionModeSchema,
  TasksSchema,
  type ScreenerQuestion,
} from './campaigns'
import { CategorySchema, CountrySchema, Uuid, text } from './common'
import { PETS } from './members'
import { ProductIdentifiersInputSchema } from './product-identifiers'
import { TierSchema } from './standing'

const isoTime = v.pipe(v.string(), v.isoTimestamp('must be a date and time'))

/** A campaign's slug as it is stored and addressed: lower-case words joined by hyphens. */
export const CampaignSlugText = v.pipe(
  v.string(),
  v.minLength(3, 'at least 3 characters'),
  v.maxLength(80, 'at most 80 characters'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens only'),
)
/** A campaign's address on the portal, as the editor types it. Stable once published. */
export const CampaignSlugSchema = v.pipe(v.string(), v.trim(), CampaignSlugText)

/** The slug a title suggests: lower case, accents dropped, words joined by hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** The youngest minimum age a campaign may set, and the oldest. */
export const MIN_AGE_RANGE = [13, 99] as const

export const EligibilityInputSchema = v.strictObject({
  countries: v.pipe(v.array(CountrySchema), v.minLength(1, 'choose at least one country')),
  minAge: v.nullable(
    v.pipe(
      v.number(),
      v.integer('must be a whole number'),
      v.minValue(MIN_AGE_RANGE[0], `at least ${MIN_AGE_RANGE[0]}`),
      v.maxValue(MIN_AGE_RANGE[1], `at most ${MIN_AGE_RANGE[1]}`),
    ),
  ),
  phoneVerifiedRequired: v.boolean(),
  socialProfileRequired: v.boolean(),
  interests: v.array(CategorySchema),
  pets: v.array(v.picklist(PETS)),
  children: v.nullable(ChildrenRuleSchema),
  minTier: v.nullable(TierSchema),
  /** One tester per household; on unless the author turns it off. */
  onePerHousehold: v.optional(v.boolean(), true),
})

/** Questions one screener may ask, and options one question may offer. */
export const SCREENER_MAX_QUESTIONS = 10
export const SCREENER_MAX_OPTIONS = 12

/**
 * A screener question as written: a choice question offers 2 to 12 distinct options, a short-text
 * one none; `disqualifying` names options whose choice makes the applicant not eligible.
 */
export const ScreenerQuestionInputSchema = v.pipe(
  v.strictObject({
    /** Kept across edits so answers stay attached; a new question gets one from the member API. */
    id: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be a question id'))),
    prompt: text(200),
    kind: v.picklist(SCREENER_KINDS),
    options: v.pipe(v.array(text(80)), v.maxLength(SCREENER_MAX_OPTIONS, `at most ${SCREENER_MAX_OPTIONS} options`)),
    required: v.boolean(),
    disqualifying: v.array(text(80)),
  }),
  v.forward(
    v.check((q) => (q.kind === 'text' ? q.options.length === 0 : q.options.length >= 2), 'a choice question needs at least 2 options; a text one none'),
    ['options'],
  ),
  v.forward(
    v.check((q) => new Set(q.options).size === q.options.length, 'each option once'),
    ['options'],
  ),
  v.forward(
    v.check((q) => q.disqualifying.every((option) => q.options.includes(option)), 'only options of this question can disqualify'),
    ['disqualifying'],
  ),
  v.forward(
    v.check((q) => q.disqualifying.length < q.options.length || q.options.length === 0, 'at least one option must let an applicant through'),
    ['disqualifying'],
  ),
)
export type ScreenerQuestionInput = v.InferOutput<typeof ScreenerQuestionInputSchema>

/** The task a verified-purchase test always asks for, and the review every test asks for, are checked on publishing. */
export const CampaignInputSchema = v.pipe(
  v.strictObject({
    title: text(120),
    slug: CampaignSlugSchema,
    summary: text(200),
    /** Paragraphs separated by a blank line; lines starting with "- " are a list. Shown as text, never as HTML. */
    description: v.pipe(v.string(), v.trim(), v.minLength(20, 'at least 20 characters'), v.maxLength(8000, 'at most 8000 characters')),
    kind: CampaignKindSchema,
    selectionMode: SelectionModeSchema,
    productId: Uuid,
    eligibility: EligibilityInputSchema,
    screener: v.pipe(
      v.array(ScreenerQuestionInputSchema),
      v.maxLength(SCREENER_MAX_QUESTIONS, `at most ${SCREENER_MAX_QUESTIONS} questions`),
      // Answers are attached to a question by its id: two questions cannot share one.
      v.check((questions) => {
        const ids = questions.flatMap((q) => (q.id ? [q.id] : []))
        return new Set(ids).size === ids.length
      }, 'each question id once'),
    ),
    tasks: TasksSchema,
  }),
  v.forward(
    v.check((c) => c.kind !== 'verified-purchase' || c.tasks.purchaseIntent, 'a verified-purchase test asks for the purchase'),
    ['tasks', 'purchaseIntent'],
  ),
  v.forward(
    v.check((c) => c.tasks.social || (c.tasks.socialPlatforms.length === 0 && !c.tasks.impressions), 'platforms and impressions go with social posts'),
    ['tasks', 'social'],
  ),
)
export type CampaignInput = v.InferOutput<typeof CampaignInputSchema>

/** An edit names the version it was made on: someone else's save in between is refused, not overwritten. */
export const EditedVersionSchema = v.strictObject({ editedVersion: isoTime })
export const CampaignUpdateBodySchema = v.strictObject({ campaign: CampaignInputSchema, editedVersion: isoTime })

/** The largest quota a flight may have. */
export const FLIGHT_MAX_QUOTA = 100_000

/** A flight's dates, in the order they come: sign-up opens, closes, testing starts, review due. */
export const FlightInputSchema = v.pipe(
  v.strictObject({
    name: text(60),
    signupOpensAt: isoTime,
    signupClosesAt: isoTime,
    testingStartsAt: isoTime,
    reviewDueAt: isoTime,
    quota: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'at least 1'), v.maxValue(FLIGHT_MAX_QUOTA, `at most ${FLIGHT_MAX_QUOTA}`)),
  }),
  v.forward(
    v.check((f) => Date.parse(f.signupClosesAt) > Date.parse(f.signupOpensAt), 'must be after sign-up opens'),
    ['signupClosesAt'],
  ),
  v.forward(
    v.check((f) => Date.parse(f.testingStartsAt) >= Date.parse(f.signupClosesAt), 'must be on or after sign-up closes'),
    ['testingStartsAt'],
  ),
  v.forward(
    v.check((f) => Date.parse(f.reviewDueAt) > Date.parse(f.testingStartsAt), 'must be after testing starts'),
    ['reviewDueAt'],
  ),
)
export type FlightInput = v.InferOutput<typeof FlightInputSchema>
export const FlightBodySchema = v.strictObject({ flight: FlightInputSchema, editedVersion: isoTime })
export const FlightDeleteQuerySchema = v.strictObject({ editedVersion: isoTime })

export const OpsFlightSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  position: v.number(),
  signupOpensAt: v.string(),
  signupClosesAt: v.string(),
  testingStartsAt: v.string(),
  reviewDueAt: v.string(),
  phase: PhaseSchema,
  quota: v.number(),
  /** Testers holding a place: the quota cannot go below it. */
  placesTaken: v.number(),
  /** Every participation, of any status: a flight with any cannot be deleted. */
  participants: v.number(),
})
export type OpsFlight = v.InferOutput<typeof OpsFlightSchema>

export const OpsScreenerQuestionSchema = v.strictObject({
  id: v.string(),
  prompt: v.string(),
  kind: v.picklist(SCREENER_KINDS),
  options: v.array(v.string()),
  required: v.boolean(),
  disqualifying: v.array(v.string()),
})

/** A campaign as its editor sees it. */
export const OpsCampaignDetailSchema = v.strictObject({
  id: v.string(),
  status: v.picklist(CAMPAIGN_STATUSES),
  title: v.string(),
  slug: v.string(),
  summary: v.string(),
  description: v.string(),
  kind: CampaignKindSchema,
  selectionMode: SelectionModeSchema,
  productId: v.string(),
  productName: v.string(),
  brand: v.string(),
  eligibility: EligibilityInputSchema,
  screener: v.array(OpsScreenerQuestionSchema),
  screenerVersion: v.number(),
  /** Someone has applied: a screener change makes a new version, kind and selection mode are fixed once published. */
  hasApplicants: v.boolean(),
  tasks: TasksSchema,
  flights: v.array(OpsFlightSchema),
  /** The version to send back with an edit (of the campaign or one of its flights). */
  updatedAt: v.string(),
  updatedBy: v.nullable(v.string()),
})
export type OpsCampaignDetail = v.InferOutput<typeof OpsCampaignDetailSchema>

/** What the editor needs to know of a stored screener question (older ones lack `disqualifying`). */
export const disqualifyingOf = (q: ScreenerQuestion): string[] => q.disqualifying ?? []

/** Flights one campaign may have. */
export const MAX_FLIGHTS = 20

/**
 * A whole campaign as one input: its definition and its flights, published at once or left a
 * draft. The operator command line reads it from a JSON file and the demo seed writes its campaigns
 * this way; both go through the console's services. `productIdentifiers`, when given, are the
 * product's GTIN, MPN and SKU as they should be (one left out is removed), written as an edit of the
 * product.
 */
export const CampaignDefinitionSchema = v.strictObject({
  campaign: CampaignInputSchema,
  flights: v.pipe(v.array(FlightInputSchema), v.maxLength(MAX_FLIGHTS, `at most ${MAX_FLIGHTS} flights`)),
  publish: v.boolean(),
  productIdentifiers: v.optional(v.strictObject(ProductIdentifiersInputSchema)),
})
export type CampaignDefinition = v.InferOutput<typeof CampaignDefinitionSchema>
