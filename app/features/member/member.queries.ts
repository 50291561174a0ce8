import { queryOptions } from '@tanstack/react-query'
import { getMyDataFn, getMyReferralsFn, getNotificationsFn, getSocialProfilesFn } from '~/features/member/member.functions'
import { unwrap } from '~/upstream/upstream-result'

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
