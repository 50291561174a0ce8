import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ENDPOINTS } from '#contract/endpoints'
import { CreateMemberBodySchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'

/** POST suite/api/members: the member record, right after registration (idempotent). */
export const createMemberFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(CreateMemberBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.createMember, { member: context.member, body: data }))

/** POST logistics/v1/members/is_valid_referral_code — silent: the form shows the answer inline. */
export const checkReferralCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,16}$/)) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.referralCodeCheck, { member: context.member, body: { code: data.code } }))
