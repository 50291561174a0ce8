// Brand viewers' calls: the member API scopes each to the caller's brand, and answers 404 for a
// campaign of another brand. Joining a brand by invitation is a member's call.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { InvitationTokenBodySchema } from '#contract/brands'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET brand/v1/me: the signed-in brand viewer and their brand (403 for anyone else). */
export const getBrandSelfFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.brandSelf, { member: context.member }))

/** GET brand/v1/campaigns: the brand's campaigns past draft. */
export const getBrandCampaignsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.brandCampaigns, { member: context.member }))

/** GET brand/v1/campaigns/:id/results: one of the brand's campaigns, read live. */
export const getBrandCampaignResultsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.brandCampaignResults, { member: context.member, params: { id: data.campaignId } }))

/** POST brand/v1/invitations/check: which brand an invitation link is for, and whether it is still open. */
export const checkInvitationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(InvitationTokenBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.brandInvitation, { member: context.member, body: data }))

/** POST brand/v1/invitations/accept: join the brand (audited with this browser's address). */
export const acceptInvitationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(InvitationTokenBodySchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.acceptBrandInvitation, {
      member: context.member,
      body: data,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
