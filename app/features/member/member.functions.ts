// The member's settings pages read through these (member.queries.ts, used by the pages' loaders, which
// every page's first script carries). Each change the member makes has its server function in a file
// beside its form (address, profile, social-profiles, notifications, my-data), loaded with its page.
import { createServerFn } from '@tanstack/react-start'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** GET logistics/v1/members/social_profiles */
export const getSocialProfilesFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getSocialProfiles, { member: context.member }))

/** GET logistics/v1/members/notifications */
export const getNotificationsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.getNotifications, { member: context.member }))

/** GET logistics/v1/members/my_referrals: the member's code and the friends who joined with it. */
export const getMyReferralsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.myReferrals, { member: context.member }))

/** GET suite/api/members/download-profile: everything the member API holds about the member. */
export const getMyDataFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.downloadProfile, { member: context.member }))
