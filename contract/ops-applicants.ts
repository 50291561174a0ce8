// Applicants and selection: the campaigns with their flights, a flight's applicants, choosing testers.
import * as v from 'valibot'
import { Uuid } from './common'
import { CAMPAIGN_STATUSES } from './campaigns'
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
})
export type ApplicantsQuery = v.InferOutput<typeof ApplicantsQuerySchema>

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
})
export const SelectionResultSchema = v.strictObject({ selected: v.array(v.string()), placesTaken: v.number(), quota: v.number() })
export type SelectionResult = v.InferOutput<typeof SelectionResultSchema>
