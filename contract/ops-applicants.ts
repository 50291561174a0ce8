// Applicants and selection: the campaigns with their flights, a flight's applicants, choosing testers.
import * as v from 'valibot'
import { Uuid } from './common'
import { CAMPAIGN_STATUSES } from './campaigns'
import { ACCOUNT_LINK_KINDS } from './ops-members'
import { OpsPageNumber, OpsPageSize } from './staff'

export const OpsCampaignListSchema = v.strictObject({
  items: v.array(
    v.strictObject({
      id: v.string(),
      slug: v.string(),
      title: v.string(),
      status: v.picklist(CAMPAIGN_STATUSES),
      flights: v.array(
        v.strictObject({
          id: v.string(),
          name: v.string(),
          quota: v.number(),
          signupOpensAt: v.string(),
          signupClosesAt: v.string(),
          /** Selected testers holding a place (selected and on, not withdrawn). */
          placesTaken: v.number(),
          applied: v.number(),
          waitlisted: v.number(),
        }),
      ),
    }),
  ),
})
export type OpsCampaignList = v.InferOutput<typeof OpsCampaignListSchema>

export const APPLICANT_VIEWS = ['waiting', 'selected', 'not-eligible', 'all'] as const
export type ApplicantView = (typeof APPLICANT_VIEWS)[number]

export const ApplicantsQuerySchema = v.strictObject({
  page: OpsPageNumber,
  pageSize: OpsPageSize,
  /** waiting: applied and waitlisted, in the order places are given (tier at sign-up, then sign-up order). */
  view: v.optional(v.picklist(APPLICANT_VIEWS), 'waiting'),
  /** yes: only applicants with a link that counts (to any account, not ruled "not the same person"). */
  linked: v.optional(v.picklist(['yes'])),
})
export type ApplicantsQuery = v.InferOutput<typeof ApplicantsQuerySchema>

/** At most this many of an applicant's linked accounts are listed with them (the others are counted). */
export const APPLICANT_LINKS_LISTED = 5

/**
 * An account linked to the applicant by links that count (not ruled "not the same person"), with
 * what they share, and whether it applied to this same campaign too: then the two are probably one
 * person or household applying twice.
 */
export const ApplicantLinkSchema = v.strictObject({
  memberId: v.string(),
  displayName: v.string(),
  kinds: v.array(v.picklist(ACCOUNT_LINK_KINDS)),
  inThisCampaign: v.boolean(),
})
export type ApplicantLink = v.InferOutput<typeof ApplicantLinkSchema>

export const ApplicantSchema = v.strictObject({
  participationId: v.string(),
  memberId: v.string(),
  displayName: v.string(),
  status: v.string(),
  /** Place in the serving order among those waiting; null for the others. */
  place: v.nullable(v.number()),
  tier: v.string(),
  country: v.nullable(v.string()),
  appliedAt: v.string(),
  /** Tests this member finished before, of any campaign. */
  completedTests: v.number(),
  answers: v.array(v.strictObject({ question: v.string(), answer: v.string() })),
  ineligibleReasons: v.array(v.string()),
  /** How many accounts are linked to this one by links that count. */
  linkedAccounts: v.number(),
  /** Those accounts, those that applied to this campaign first, at most APPLICANT_LINKS_LISTED. */
  links: v.array(ApplicantLinkSchema),
})
export type Applicant = v.InferOutput<typeof ApplicantSchema>

export const ApplicantPageSchema = v.strictObject({
  flight: v.strictObject({ id: v.string(), name: v.string(), campaignTitle: v.string(), quota: v.number(), placesTaken: v.number() }),
  items: v.array(ApplicantSchema),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
})
export type ApplicantPage = v.InferOutput<typeof ApplicantPageSchema>

export const SelectionBodySchema = v.strictObject({
  participationIds: v.pipe(v.array(Uuid), v.minLength(1, 'choose at least one applicant'), v.maxLength(200, 'at most 200 at once')),
  /**
   * The manager saw which of those chosen are linked to other accounts and selects them anyway:
   * without it, a selection with any such applicant is refused ('linked-applicants').
   */
  confirmLinked: v.optional(v.boolean()),
})
export const SelectionResultSchema = v.strictObject({ selected: v.array(v.string()), placesTaken: v.number(), quota: v.number() })
export type SelectionResult = v.InferOutput<typeof SelectionResultSchema>
