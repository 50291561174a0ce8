import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { PhaseSchema } from '#contract/campaigns'
import { CategorySchema } from '#contract/common'
import { ProcessSignupBodySchema } from '#contract/participations'
import { withBotToken } from '#contract/bot-protection'
import { browserAddress } from '~/upstream/browser-address.server'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

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
  .handler(({ data }) => callEndpoint(ENDPOINTS.publicCampaigns, { query: { ...data } }))

/** GET suite/api/public/campaigns/:idOrSlug (public). */
export const getCampaignFn = createServerFn({ method: 'GET' })
  .validator(v.strictObject({ idOrSlug: CampaignRefSchema }))
  .handler(({ data }) => callEndpoint(ENDPOINTS.publicCampaign, { params: { idOrSlug: data.idOrSlug } }))

/** GET suite/api/public/categories (public): the categories that have campaigns. */
export const listCategoriesFn = createServerFn({ method: 'GET' }).handler(() => callEndpoint(ENDPOINTS.publicCategories))

/** POST logistics/v1/campaigns/process_signup: apply (bot-checked); the answer says selected, waitlisted or not eligible. */
export const processSignupFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(withBotToken(ProcessSignupBodySchema))
  .handler(async ({ context, data: { botToken, ...body } }) =>
    callEndpoint(ENDPOINTS.processSignup, { member: context.member, body, botToken, clientIp: await browserAddress() }),
  )

/**
 * GET logistics/v1/campaigns/eligibility: whether the calling member may take part, and why not
 * (reason codes), for the open and upcoming campaigns, or for one campaign. The member API applies
 * the same rules at sign-up.
 */
export const getEligibilityFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.optional(v.pipe(v.string(), v.uuid())) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.campaignEligibility, { member: context.member, query: { campaignId: data.campaignId } }))
