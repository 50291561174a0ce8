// The signed-in member's records that several features read: who they are (member info), their
// address and profile, their participations and shipments. The features' own changes to them live
// with the features; after a change, refreshMemberData (member-data.queries.ts) asks for them again.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

/**
 * A campaign id from the address bar. Any short id is passed on: the member API answers NOT_FOUND
 * for one it does not know, which the error catalogue turns into the 404 page.
 */
const CampaignIdSchema = v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{1,100}$/))

/** GET logistics/v1/members/member_info: the member, their address and counts (header, guards). */
export const getMemberInfoFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.memberInfo, { member: context.member }))

/** GET logistics/v1/members/address */
export const getAddressFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getAddress, { member: context.member }))

/** GET suite/api/members: the member's whole profile. */
export const getProfileFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getMember, { member: context.member }))

/** GET logistics/v1/participations: every participation of the member, newest first. */
export const getParticipationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.participations, { member: context.member }))

/** GET suite/api/campaigns/:cid/participations: the member's participations in one campaign (one per flight). */
export const getCampaignParticipationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: CampaignIdSchema }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.campaignParticipations, { member: context.member, params: { cid: data.campaignId } }))

/** GET logistics/v1/members/shipments: the member's shipments with their returns, newest first. */
export const getShipmentsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.shipments, { member: context.member }))
