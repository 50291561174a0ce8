import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { CampaignDetailSchema, CampaignPageSchema, CategoriesResultSchema, PhaseSchema } from '#contract/campaigns'
import { CategorySchema } from '#contract/common'
import { MemberSchema, SocialProfilesResultSchema } from '#contract/members'
import { ParticipationListSchema, ParticipationSchema, ProcessSignupBodySchema } from '#contract/participations'
import {
  CAMPAIGN_PARTICIPATIONS_PATH,
  MEMBERS_PATH,
  PARTICIPATIONS_PATH,
  PROCESS_SIGNUP_PATH,
  PUBLIC_CAMPAIGNS_PATH,
  PUBLIC_CAMPAIGN_PATH,
  PUBLIC_CATEGORIES_PATH,
  SOCIAL_PROFILES_PATH,
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

/** GET suite/api/members: the member's profile (birth date for age rules). */
export const getMemberProfileFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: MEMBERS_PATH, schema: MemberSchema }))

/** GET logistics/v1/members/social_profiles: whether a social account is connected. */
export const getSocialProfilesFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: SOCIAL_PROFILES_PATH, schema: SocialProfilesResultSchema }))

/** GET logistics/v1/participations: the member's sign-ups (to show "you applied" on campaign cards). */
export const listMySignupsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: PARTICIPATIONS_PATH, schema: ParticipationListSchema }))

/** GET suite/api/campaigns/:cid/participations: the member's sign-ups for one campaign. */
export const listCampaignSignupsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.pipe(v.string(), v.uuid()) }))
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { path: CAMPAIGN_PARTICIPATIONS_PATH, params: { cid: data.campaignId }, schema: ParticipationListSchema }),
  )

/** POST logistics/v1/campaigns/process_signup: apply; the answer says selected, waitlisted or not eligible. */
export const processSignupFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(ProcessSignupBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: PROCESS_SIGNUP_PATH, body: data, schema: ParticipationSchema }))
