import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { AckBodySchema } from '#contract/participations'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** PATCH suite/api/campaigns/:cid/participations/:pid with `withdraw`: allowed until the product ships. */
export const withdrawParticipationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ campaignId: Uuid, participationId: Uuid }))
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
