import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { AddressInputSchema, AddressResultSchema } from '#contract/address'
import { CreateMemberBodySchema, MemberInfoSchema, MemberSchema, ReferralCodeCheckResultSchema } from '#contract/members'
import { ADDRESS_PATH, MEMBERS_PATH, MEMBER_INFO_PATH, REFERRAL_CODE_CHECK_PATH } from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuiteAs } from '~/upstream/suite-client.server'

/** GET logistics/v1/members/member_info: the member, their address and counts (header, guards). */
export const getMemberInfoFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: MEMBER_INFO_PATH, schema: MemberInfoSchema }))

/** GET logistics/v1/members/address */
export const getAddressFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: ADDRESS_PATH, schema: AddressResultSchema }))

/** PUT logistics/v1/members/address */
export const saveAddressFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AddressInputSchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'PUT', path: ADDRESS_PATH, body: data, schema: AddressResultSchema }))

/** POST suite/api/members: the member record, right after registration (idempotent). */
export const createMemberFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(CreateMemberBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'POST', path: MEMBERS_PATH, body: data, schema: MemberSchema }))

/** POST logistics/v1/members/is_valid_referral_code — silent: the form shows the answer inline. */
export const checkReferralCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,16}$/)) }))
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { method: 'POST', path: REFERRAL_CODE_CHECK_PATH, body: { code: data.code }, schema: ReferralCodeCheckResultSchema }),
  )

