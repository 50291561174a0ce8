// The campaign pages' reads (campaigns.queries.ts, used by the pages' loaders, which every page's first
// script carries); applying has its own file (signup.functions.ts), loaded with the application form.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'
import { CampaignListInputSchema, CampaignRefSchema } from './campaign-inputs'

/** GET suite/api/public/campaigns (public): open first, then upcoming, testing, completed. */
export const listCampaignsFn = createServerFn({ method: 'GET' })
  .validator(CampaignListInputSchema)
  .handler(({ data }) => callEndpoint(ENDPOINTS.publicCampaigns, { query: { ...data } }))

/** GET suite/api/public/campaigns/:idOrSlug (public). */
export const getCampaignFn = createServerFn({ method: 'GET' })
  .validator(v.strictObject({ idOrSlug: CampaignRefSchema }))
  .handler(({ data }) => callEndpoint(ENDPOINTS.publicCampaign, { params: { idOrSlug: data.idOrSlug } }))

/**
 * GET logistics/v1/campaigns/eligibility: whether the calling member may take part, and why not
 * (reason codes), for the open and upcoming campaigns, or for one campaign. The member API applies
 * the same rules at sign-up.
 */
export const getEligibilityFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.optional(Uuid) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.campaignEligibility, { member: context.member, query: { campaignId: data.campaignId } }))
