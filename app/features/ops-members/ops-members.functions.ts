// Support's calls about a member: the member API checks members:read to find and read a member,
// members:act to act for them (and a recent sign-in for goodwill above GOODWILL_POINTS_WITHOUT_REAUTH).
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ENDPOINTS } from '#contract/endpoints'
import { GoodwillBodySchema, LinkRulingBodySchema, MemberSearchQuerySchema, SupportWithdrawBodySchema } from '#contract/ops-members'
import { SuspendBodySchema } from '#contract/suspension'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

export const MemberSearchInputSchema = v.strictObject({
  /** E-mail (from its start), name or referral code: the contract's rule, at least 2 characters. */
  q: MemberSearchQuerySchema.entries.q,
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
})
export type MemberSearchInput = v.InferOutput<typeof MemberSearchInputSchema>

/** Members on one page of the search's results. */
export const MEMBERS_PAGE_SIZE = 20

/** GET ops/v1/members?q=: one page of the members whose e-mail, name or referral code matches. */
export const searchMembersFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(MemberSearchInputSchema)
  .handler(({ context, data }) =>
    callEndpoint(ENDPOINTS.opsMembers, {
      member: context.member,
      query: { q: data.q, page: String(data.page), pageSize: String(MEMBERS_PAGE_SIZE) },
    }),
  )

/** GET ops/v1/members/:id: the member's record (an id that names nobody is the member API's 404). */
export const getOpsMemberFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.opsMember, { member: context.member, params: { id: data.memberId } }))

/** POST ops/v1/members/:id/points: goodwill points with their reason, in the member's points history; audited. */
export const grantGoodwillFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid, goodwill: GoodwillBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsGrantPoints, {
      member: context.member,
      params: { id: data.memberId },
      body: data.goodwill,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** POST ops/v1/members/:id/participations/:pid/withdraw: withdraws the member on their request, with what they asked; audited. */
export const withdrawForMemberFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid, participationId: Uuid, request: SupportWithdrawBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsWithdrawForMember, {
      member: context.member,
      params: { id: data.memberId, pid: data.participationId },
      body: data.request,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** POST ops/v1/members/:id/verification-email: a new link to confirm the member's e-mail address; audited. */
export const resendVerificationFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsResendVerification, {
      member: context.member,
      params: { id: data.memberId },
      body: {},
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** POST ops/v1/members/:id/suspension: suspends the member (reason, note, until); audited, the member told by e-mail. */
export const suspendMemberFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid, suspension: SuspendBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsSuspendMember, {
      member: context.member,
      params: { id: data.memberId },
      body: data.suspension,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** POST ops/v1/members/:id/suspension/lift: lifts the member's suspension; audited, the member told by e-mail. */
export const liftSuspensionFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsLiftSuspension, {
      member: context.member,
      params: { id: data.memberId },
      body: {},
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** POST ops/v1/members/:id/links/:linkedId/ruling: marks two linked accounts "not the same person", with a note; audited. */
export const ruleLinkFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid, linkedId: Uuid, note: LinkRulingBodySchema.entries.note }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsRuleLink, {
      member: context.member,
      params: { id: data.memberId, linkedId: data.linkedId },
      body: { note: data.note },
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )

/** DELETE ops/v1/members/:id/links/:linkedId/ruling: withdraws "not the same person": the two accounts' links count again; audited. */
export const withdrawLinkRulingFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ memberId: Uuid, linkedId: Uuid }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsWithdrawLinkRuling, {
      member: context.member,
      params: { id: data.memberId, linkedId: data.linkedId },
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
