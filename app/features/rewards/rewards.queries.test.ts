import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { missionsQuery, shareBalance } from './rewards.queries'

function withHeader(balance: number) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(memberInfoQuery.queryKey, { member: { pointsBalance: balance } } as never)
  return queryClient
}
const headerBalance = (queryClient: QueryClient) => queryClient.getQueryData(memberInfoQuery.queryKey)?.member.pointsBalance

describe('the balance shared with the header', () => {
  it("takes a rewards page's fresher balance", () => {
    const queryClient = withHeader(100)
    shareBalance(queryClient, missionsQuery.queryKey, { balance: 250, missions: [] })
    expect(headerBalance(queryClient)).toBe(250)
  })

  it('is left alone by any other query, and by an answer without a balance', () => {
    const queryClient = withHeader(100)
    shareBalance(queryClient, ['member', 'participations'], { balance: 5 })
    shareBalance(queryClient, missionsQuery.queryKey, { missions: [] })
    shareBalance(queryClient, missionsQuery.queryKey, null)
    expect(headerBalance(queryClient)).toBe(100)
  })
})
