import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { AddressInputSchema, AddressResultSchema } from '#contract/address'
import {
  CreateMemberBodySchema,
  MemberInfoSchema,
  MemberSchema,
  MyReferralsSchema,
  NotificationSettingsSchema,
  ReferralCodeCheckResultSchema,
  SocialProfileDeleteQuerySchema,
  SocialProfileInputSchema,
  SocialProfilesResultSchema,
  UpdateProfileBodySchema,
} from '#contract/members'
import { ADDRESS_PATH, DOWNLOAD_PROFILE_PATH, DOWNLOAD_PROFILE_PDF_PATH, MEMBERS_PATH, MEMBER_INFO_PATH, MY_REFERRALS_PATH, NOTIFICATIONS_PATH, REFERRAL_CODE_CHECK_PATH, SOCIAL_PROFILES_PATH, UPDATE_PROFILE_PATH } from '#contract/paths'
import { ProfileExportSchema } from '#contract/export'
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

/** GET suite/api/members: the member's whole profile. */
export const getProfileFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: MEMBERS_PATH, schema: MemberSchema }))

/** PATCH suite/api/members/update-profile: only the fields sent change. */
export const updateProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(UpdateProfileBodySchema)
  .handler(({ context, data }) => callSuiteAs(context.member, { method: 'PATCH', path: UPDATE_PROFILE_PATH, body: data, schema: MemberSchema }))

/** GET logistics/v1/members/social_profiles */
export const getSocialProfilesFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: SOCIAL_PROFILES_PATH, schema: SocialProfilesResultSchema }))

/** PUT logistics/v1/members/social_profiles: adds the platform's profile or replaces it. */
export const saveSocialProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialProfileInputSchema)
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { method: 'PUT', path: SOCIAL_PROFILES_PATH, body: data, schema: SocialProfilesResultSchema }),
  )

/** DELETE logistics/v1/members/social_profiles?platform= */
export const removeSocialProfileFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SocialProfileDeleteQuerySchema)
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { method: 'DELETE', path: SOCIAL_PROFILES_PATH, query: { platform: data.platform }, schema: SocialProfilesResultSchema }),
  )

/** GET logistics/v1/members/notifications */
export const getNotificationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: NOTIFICATIONS_PATH, schema: NotificationSettingsSchema }))

/** PUT logistics/v1/members/notifications: the whole settings, as the member left them. */
export const saveNotificationsFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(NotificationSettingsSchema)
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { method: 'PUT', path: NOTIFICATIONS_PATH, body: data, schema: NotificationSettingsSchema }),
  )

/** GET logistics/v1/members/my_referrals: the member's code and the friends who joined with it. */
export const getMyReferralsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: MY_REFERRALS_PATH, schema: MyReferralsSchema }))

/** GET suite/api/members/download-profile: everything the member API holds about the member. */
export const getMyDataFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: DOWNLOAD_PROFILE_PATH, schema: ProfileExportSchema }))

/** GET downloadPDF/api/download-profile: the same as a PDF file (base64, for the browser to save). */
export const getMyDataPdfFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callSuiteAs(context.member, { path: DOWNLOAD_PROFILE_PDF_PATH, schema: v.pipe(v.string(), v.base64()), accept: 'pdf' }))

/** POST logistics/v1/members/is_valid_referral_code — silent: the form shows the answer inline. */
export const checkReferralCodeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,16}$/)) }))
  .handler(({ context, data }) =>
    callSuiteAs(context.member, { method: 'POST', path: REFERRAL_CODE_CHECK_PATH, body: { code: data.code }, schema: ReferralCodeCheckResultSchema }),
  )

