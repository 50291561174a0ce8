import { describe, expect, it } from 'vitest'
import type { Refusal } from '#contract/refusals'
import { UpstreamError } from '~/upstream/upstream-result'
import { isStaleEdit, missingForPublishing, stillMissing } from './campaign-edits'

const refused = (httpStatus: 400 | 409, message: string, fields: Record<string, string[]> | null = null, reason?: Refusal) =>
  new UpstreamError({ kind: 'rejected', path: 'ops/v1/campaigns/x', httpStatus, message, fields, staff: true, ...(reason && { reason }) })

describe('a refused publication', () => {
  it('names the missing parts the refusal gives as its reason', () => {
    expect(missingForPublishing(refused(409, 'cannot be published', null, { code: 'not-publishable', missing: ['product-image', 'flight'] }))).toEqual([
      'product-image',
      'flight',
    ])
    expect(missingForPublishing(refused(409, 'cannot be published', null, { code: 'not-publishable', missing: ['review-task'] }))).toEqual(['review-task'])
  })

  it('names nothing for any other failure, whatever its wording', () => {
    expect(missingForPublishing(refused(409, 'The campaign cannot be published yet: it needs flight'))).toEqual([])
    expect(missingForPublishing(refused(409, 'The campaign is published already'))).toEqual([])
    expect(missingForPublishing(new Error('network'))).toEqual([])
  })
})

describe('what a refused publication still lacks', () => {
  const tasks = { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false }
  it('drops the parts added since: a flight, the review task, an image of the product', () => {
    const refusedFor = ['product-image', 'flight', 'review-task'] as const
    expect(stillMissing(refusedFor, { flights: [], tasks: { ...tasks, review: false } }, false)).toEqual(['product-image', 'flight', 'review-task'])
    const flight = {
      id: 'f',
      name: 'Flight 1',
      position: 1,
      signupOpensAt: '',
      signupClosesAt: '',
      testingStartsAt: '',
      reviewDueAt: '',
      phase: 'upcoming' as const,
      quota: 2,
      placesTaken: 0,
      participants: 0,
    }
    expect(stillMissing(refusedFor, { flights: [flight], tasks }, true)).toEqual([])
    expect(stillMissing(['flight'], { flights: [], tasks }, true)).toEqual(['flight'])
  })
})

describe('a stale edit', () => {
  it('is a refusal whose reason says so; a refusal of fields or any other 409 is not', () => {
    const stale: Refusal = { code: 'stale-edit', changedBy: 'Col League', changedAt: '2026-07-01T09:00:00.000Z' }
    expect(isStaleEdit(refused(409, 'Changed by Col League since you opened it', null, stale))).toBe(true)
    expect(isStaleEdit(refused(409, 'A campaign has at most 10 flights'))).toBe(false)
    expect(isStaleEdit(refused(409, 'Some changes would break what applicants were promised', { slug: ['cannot change once published'] }))).toBe(false)
    expect(isStaleEdit(refused(400, 'Some fields are not valid', { quota: ['at least 1'] }))).toBe(false)
  })
})
