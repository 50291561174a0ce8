import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { AckBodySchema, ParticipationListSchema, ParticipationSchema } from '#contract/participations'
import {
  ACK_QUESTIONNAIRE_PATH,
  ACK_VP_INTENT_PATH,
  CAMPAIGN_PARTICIPATIONS_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  PARTICIPATIONS_PATH,
} from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuiteAs } from '~/upstream/suite-client.server'

/**
 * A campaign id from the address bar. Any short id is passed on: the member API answers NOT_FOUND
 * for one it does not know, which the error catalogue turns into the 404 page.
 */
const CampaignIdSchema = v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{1,100}$/))

/** GET logistics/v1/participations: every participation of the member, newest first. */
export const getParticipationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: PARTICIPATIONS_PATH, schema: ParticipationListSchema }))

/** GET suite/api/campaigns/:cid/participations: the member's participations in one campaign (one per flight). */
export const getCampaignParticipationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: CampaignIdSchema }))
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { path: CAMPAIGN_PARTICIPATIONS_PATH, params: { cid: data.campaignId }, schema: ParticipationListSchema }),
  )

/** PATCH suite/api/campaigns/:cid/participations/:pid with `withdraw`: allowed until the product ships. */
export const withdrawParticipationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: v.pipe(v.string(), v.uuid()), participationId: v.pipe(v.string(), v.uuid()) }))
  .handler(({ context, data }) =>
    callSuiteAs(context.member, {
      method: 'PATCH',
      path: CAMPAIGN_PARTICIPATION_PATH,
      params: { cid: data.campaignId, pid: data.participationId },
      body: { action: 'withdraw' },
      schema: ParticipationSchema,
    }),
  )

/** POST logistics/v1/participations/ack_questionnaire */
export const ackQuestionnaireFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AckBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: ACK_QUESTIONNAIRE_PATH, body: data, schema: ParticipationSchema }))

/** POST logistics/v1/participations/ack_vp_intent: the member will buy the product and be reimbursed. */
export const ackPurchaseIntentFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AckBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: ACK_VP_INTENT_PATH, body: data, schema: ParticipationSchema }))
