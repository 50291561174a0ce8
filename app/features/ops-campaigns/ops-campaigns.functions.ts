// Campaigns in the console: the list with their lifecycle, and publishing or archiving one. The
// member API checks the campaigns:edit capability (and applicants:select for the list).
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ENDPOINTS } from '#contract/endpoints'
import { CampaignStatusBodySchema } from '#contract/staff'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET ops/v1/campaigns: every campaign with its status and flights. */
export const getCampaignListFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsCampaigns, { member: context.member }))

/** POST ops/v1/campaigns/:id/status: publish (when it has what a member needs) or archive. */
export const setCampaignStatusFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.pipe(v.string(), v.uuid()), change: CampaignStatusBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsCampaignStatus, {
      member: context.member,
      params: { id: data.campaignId },
      body: data.change,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
