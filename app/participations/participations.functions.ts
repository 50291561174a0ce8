import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { AckBodySchema } from '#contract/participations'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/**
 * A campaign id from the address bar. Any short id is passed on: the member API answers NOT_FOUND
 * for one it does not know, which the error catalogue turns into the 404 page.
 */
const CampaignIdSchema = v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{1,100}$/))

/** GET logistics/v1/participations: every participation of the member, newest first. */
export const getParticipationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.participations, { member: context.member }))

/** GET suite/api/campaigns/:cid/participations: the member's participations in one campaign (one per flight). */
export const getCampaignParticipationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: CampaignIdSchema }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.campaignParticipations, { member: context.member, params: { cid: data.campaignId } }))

/** PATCH suite/api/campaigns/:cid/participations/:pid with `withdraw`: allowed until the product ships. */
export const withdrawParticipationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.pipe(v.string(), v.uuid()), participationId: v.pipe(v.string(), v.uuid()) }))
  .handler(({ context, data }) =>
    callEndpoint(ENDPOINTS.withdrawParticipation, {
      member: context.member,
      params: { cid: data.campaignId, pid: data.participationId },
      body: { action: 'withdraw' },
    }),
  )

/** POST logistics/v1/participations/ack_questionnaire */
export const ackQuestionnaireFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AckBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.ackQuestionnaire, { member: context.member, body: data }))

/** POST logistics/v1/participations/ack_vp_intent: the member will buy the product and be reimbursed. */
export const ackPurchaseIntentFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AckBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.ackVpIntent, { member: context.member, body: data }))
