import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { PayoutSchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

// Where the member's reimbursements go. Both calls change only `payout`, for the calling member; the
// member API checks the IBAN again and asks for a recent sign-in (the page's guard handles that).

/** PATCH suite/api/members/update-profile with the new payout details (PayPal e-mail or IBAN). */
export const savePayoutFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ payout: PayoutSchema }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.updateProfile, { member: context.member, body: { payout: data.payout } }))

/** PATCH suite/api/members/update-profile removing the payout details. */
export const removePayoutFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.updateProfile, { member: context.member, body: { payout: null } }))
