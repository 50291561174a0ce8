import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import {
  CampaignDetailSchema,
  CampaignEligibilityListSchema,
  CampaignPageSchema,
  CategoriesResultSchema,
  PhaseSchema,
} from '#contract/campaigns'
import { CategorySchema } from '#contract/common'
import { ParticipationSchema, ProcessSignupBodySchema } from '#contract/participations'
import {
  CAMPAIGN_ELIGIBILITY_PATH,
  PROCESS_SIGNUP_PATH,
  PUBLIC_CAMPAIGNS_PATH,
  PUBLIC_CAMPAIGN_PATH,
  PUBLIC_CATEGORIES_PATH,
} from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuite, callSuiteAs } from '~/upstream/suite-client.server'

export const CampaignListInputSchema = v.strictObject({
  phase: v.optional(PhaseSchema),
  category: v.optional(CategorySchema),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
})
export type CampaignListInput = v.InferOutput<typeof CampaignListInputSchema>

/** An id (uuid) or a slug, as the member API accepts them. */
export const CampaignRefSchema = v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{1,100}$/))

/** GET suite/api/public/campaigns (public): open first, then upcoming, testing, completed. */
export const listCampaignsFn = createServerFn({ method: 'GET' })
  .validator(CampaignListInputSchema)
  .handler(({ data }) => callSuite({ path: PUBLIC_CAMPAIGNS_PATH, query: { ...data }, schema: CampaignPageSchema }))

/** GET suite/api/public/campaigns/:idOrSlug (public). */
export const getCampaignFn = createServerFn({ method: 'GET' })
  .validator(v.strictObject({ idOrSlug: CampaignRefSchema }))
  .handler(({ data }) => callSuite({ path: PUBLIC_CAMPAIGN_PATH, params: { idOrSlug: data.idOrSlug }, schema: CampaignDetailSchema }))

/** GET suite/api/public/categories (public): the categories that have campaigns. */
export const listCategoriesFn = createServerFn({ method: 'GET' }).handler(() => callSuite({ path: PUBLIC_CATEGORIES_PATH, schema: CategoriesResultSchema }))

/** POST logistics/v1/campaigns/process_signup: apply; the answer says selected, waitlisted or not eligible. */
export const processSignupFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(ProcessSignupBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: PROCESS_SIGNUP_PATH, body: data, schema: ParticipationSchema }))

/**
 * GET logistics/v1/campaigns/eligibility: whether the calling member may take part, and why not
 * (reason codes), for the open and upcoming campaigns, or for one campaign. The member API applies
 * the same rules at sign-up.
 */
export const getEligibilityFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.optional(v.pipe(v.string(), v.uuid())) }))
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { path: CAMPAIGN_ELIGIBILITY_PATH, query: { campaignId: data.campaignId }, schema: CampaignEligibilityListSchema }),
  )
