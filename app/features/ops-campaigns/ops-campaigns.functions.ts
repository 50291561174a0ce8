// Campaigns in the console: the list with their lifecycle, publishing or archiving one, and the
// editor's calls (a campaign's definition, its flights, its page as members will see it). The
// member API checks the campaigns:edit capability (and applicants:select for the list) on each.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { CampaignInputSchema, CampaignUpdateBodySchema, FlightBodySchema, FlightDeleteQuerySchema } from '#contract/campaign-authoring'
import { ENDPOINTS } from '#contract/endpoints'
import { CampaignStatusBodySchema } from '#contract/ops-campaigns'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** An id from the page's address: the member API answers 404 for one that names nothing. */
const addressedId = v.pipe(v.string(), v.minLength(1), v.maxLength(100))

/** GET ops/v1/campaigns: every campaign with its status and flights. */
export const getCampaignListFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsCampaigns, { member: context.member }))

/** POST ops/v1/campaigns/:id/status: publish (when it has what a member needs) or archive. */
export const setCampaignStatusFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid, change: CampaignStatusBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsCampaignStatus, {
      member: context.member,
      params: { id: data.campaignId },
      body: data.change,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** GET ops/v1/products: the products a campaign may test. */
export const getProductChoicesFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsProducts, { member: context.member }))

/** GET ops/v1/campaigns/:id: the campaign as its editor sees it, with its flights and their places. */
export const getCampaignForEditFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: addressedId }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.opsCampaign, { member: context.member, params: { id: data.campaignId } }))

/** GET ops/v1/campaigns/:id/preview: the campaign's page as members will see it, whatever its status (409 without a flight). */
export const getCampaignPreviewFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: addressedId }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.opsCampaignPreview, { member: context.member, params: { id: data.campaignId } }))

/** GET ops/v1/campaigns/:id/results: the campaign's funnel, ratings, answers and testers in aggregate, and social reach, read live. */
export const getCampaignResultsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: addressedId }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.opsCampaignResults, { member: context.member, params: { id: data.campaignId } }))

/** POST ops/v1/campaigns: a new campaign, as a draft only staff see. */
export const createCampaignFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(CampaignInputSchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsCreateCampaign, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )

/** PUT ops/v1/campaigns/:id: an edit of the version it was made on. */
export const updateCampaignFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid, edit: CampaignUpdateBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsUpdateCampaign, {
      member: context.member,
      params: { id: data.campaignId },
      body: data.edit,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** POST ops/v1/campaigns/:id/flights: a new flight after the others. */
export const createFlightFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid, edit: FlightBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsCreateFlight, {
      member: context.member,
      params: { id: data.campaignId },
      body: data.edit,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** PUT ops/v1/campaigns/:id/flights/:flightId: a flight's name, dates and places. */
export const updateFlightFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid, flightId: Uuid, edit: FlightBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsUpdateFlight, {
      member: context.member,
      params: { id: data.campaignId, flightId: data.flightId },
      body: data.edit,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** DELETE ops/v1/campaigns/:id/flights/:flightId: a flight nobody has signed up for. */
export const deleteFlightFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid, flightId: Uuid, edit: FlightDeleteQuerySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsDeleteFlight, {
      member: context.member,
      params: { id: data.campaignId, flightId: data.flightId },
      query: data.edit,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
