import { describe, expect, it } from 'vitest'
import { standingOf, type StandingCounts, type TierId } from './standing'

const none: StandingCounts = { completedOnTime: 0, reviewApproved: 0, socialTaskDone: 0, withdrawnAfterSelection: 0, missedDeadline: 0 }

describe('standing', () => {
  it.each<[string, Partial<StandingCounts>, number, TierId, { tier: TierId; pointsToGo: number } | null]>([
    ['a new member', {}, 0, 'newcomer', { tier: 'tester', pointsToGo: 10 }],
    ['one test on time with its review approved', { completedOnTime: 1, reviewApproved: 1 }, 15, 'tester', { tier: 'trusted', pointsToGo: 25 }],
    ['exactly a tier’s minimum', { completedOnTime: 4 }, 40, 'trusted', { tier: 'top', pointsToGo: 60 }],
    ['one short of it', { completedOnTime: 3, socialTaskDone: 3 }, 39, 'tester', { tier: 'trusted', pointsToGo: 1 }],
    [
      'a withdrawal after selection costs what a completed test earns',
      { completedOnTime: 1, withdrawnAfterSelection: 1 },
      0,
      'newcomer',
      { tier: 'tester', pointsToGo: 10 },
    ],
    ['missed deadlines below zero stay newcomers', { missedDeadline: 2 }, -30, 'newcomer', { tier: 'tester', pointsToGo: 40 }],
    ['the top tier has no next', { completedOnTime: 8, reviewApproved: 8, socialTaskDone: 2, missedDeadline: 1 }, 111, 'top', null],
  ])('%s', (_, counts, score, tier, next) => {
    const standing = standingOf({ ...none, ...counts })
    expect(standing.score).toBe(score)
    expect(standing.tier).toBe(tier)
    expect(standing.next ? { tier: standing.next.tier, pointsToGo: standing.next.pointsToGo } : null).toEqual(next)
  })
})
