import { createServerFn } from '@tanstack/react-start'
import { AddressInputSchema } from '#contract/address'
import { NotificationSettingsSchema, SocialProfileDeleteQuerySchema, SocialProfileInputSchema, UpdateProfileBodySchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** PUT logistics/v1/members/address */
export const saveAddressFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(AddressInputSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putAddress, { member: context.member, body: data }))

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
