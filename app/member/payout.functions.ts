import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { MemberSchema, PayoutSchema } from '#contract/members'
import { UPDATE_PROFILE_PATH } from '#contract/paths'
import { memberMiddleware } from '~/auth/member.middleware'
import { callSuiteAs } from '~/upstream/suite-client.server'

// Where the member's reimbursements go. Both calls change only `payout`, for the calling member; the
// member API checks the IBAN again and asks for a recent sign-in (the page's guard handles that).

/** PATCH suite/api/members/update-profile with the new payout details (PayPal e-mail or IBAN). */
export const savePayoutFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ payout: PayoutSchema }))
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'PATCH', path: UPDATE_PROFILE_PATH, body: { payout: data.payout }, schema: MemberSchema }))

/** PATCH suite/api/members/update-profile removing the payout details. */
export const removePayoutFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { method: 'PATCH', path: UPDATE_PROFILE_PATH, body: { payout: null }, schema: MemberSchema }))
