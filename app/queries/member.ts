import { queryOptions } from '@tanstack/react-query'
import { getAddressFn, getMemberInfoFn, getMyDataFn, getMyReferralsFn, getNotificationsFn, getProfileFn, getSocialProfilesFn } from '~/member/member.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Everything under ['member'] is the signed-in member's data: sign-out removes it. */
export const memberInfoQuery = queryOptions({
  queryKey: ['member', 'info'],
  queryFn: async () => unwrap(await getMemberInfoFn()),
})

export const addressQuery = queryOptions({
  queryKey: ['member', 'address'],
  queryFn: async () => unwrap(await getAddressFn()),
})

/** The whole profile (names, birth date, gender, languages, preferences, payout). */
export const profileQuery = queryOptions({
  queryKey: ['member', 'profile'],
  queryFn: async () => unwrap(await getProfileFn()),
})

export const socialProfilesQuery = queryOptions({
  queryKey: ['member', 'social-profiles'],
  queryFn: async () => unwrap(await getSocialProfilesFn()),
})

export const notificationsQuery = queryOptions({
  queryKey: ['member', 'notifications'],
  queryFn: async () => unwrap(await getNotificationsFn()),
})

export const myReferralsQuery = queryOptions({
  queryKey: ['member', 'referrals'],
  queryFn: async () => unwrap(await getMyReferralsFn()),
})

/** Everything held about the member (the download page and the printable summary). */
export const myDataQuery = queryOptions({
  queryKey: ['member', 'my-data'],
  queryFn: async () => unwrap(await getMyDataFn()),
})
