import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { AddressInputSchema } from '#contract/address'
import {
  CreateMemberBodySchema,
  NotificationSettingsSchema,
  SocialProfileDeleteQuerySchema,
  SocialProfileInputSchema,
  UpdateProfileBodySchema,
} from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** GET logistics/v1/members/member_info: the member, their address and counts (header, guards). */
export const getMemberInfoFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.memberInfo, { member: context.member }))

/** GET logistics/v1/members/address */
export const getAddressFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getAddress, { member: context.member }))

/** PUT logistics/v1/members/address */
export const saveAddressFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AddressInputSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putAddress, { member: context.member, body: data }))

/** POST suite/api/members: the member record, right after registration (idempotent). */
export const createMemberFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(CreateMemberBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.createMember, { member: context.member, body: data }))

/** GET suite/api/members: the member's whole profile. */
export const getProfileFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getMember, { member: context.member }))

/** PATCH suite/api/members/update-profile: only the fields sent change. */
export const updateProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(UpdateProfileBodySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.updateProfile, { member: context.member, body: data }))

/** GET logistics/v1/members/social_profiles */
export const getSocialProfilesFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getSocialProfiles, { member: context.member }))

/** PUT logistics/v1/members/social_profiles: adds the platform's profile or replaces it. */
export const saveSocialProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialProfileInputSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putSocialProfile, { member: context.member, body: data }))

/** DELETE logistics/v1/members/social_profiles?platform= */
export const removeSocialProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialProfileDeleteQuerySchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.deleteSocialProfile, { member: context.member, query: { platform: data.platform } }))

/** GET logistics/v1/members/notifications */
export const getNotificationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getNotifications, { member: context.member }))

/** PUT logistics/v1/members/notifications: the whole settings, as the member left them. */
export const saveNotificationsFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(NotificationSettingsSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putNotifications, { member: context.member, body: data }))

/** GET logistics/v1/members/my_referrals: the member's code and the friends who joined with it. */
export const getMyReferralsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.myReferrals, { member: context.member }))

/** GET suite/api/members/download-profile: everything the member API holds about the member. */
export const getMyDataFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.downloadProfile, { member: context.member }))

/** GET downloadPDF/api/download-profile: the same as a PDF file (base64, for the browser to save). */
export const getMyDataPdfFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.downloadProfilePdf, { member: context.member }))

/** POST logistics/v1/members/is_valid_referral_code — silent: the form shows the answer inline. */
export const checkReferralCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,16}$/)) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.referralCodeCheck, { member: context.member, body: { code: data.code } }))
