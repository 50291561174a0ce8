import { describe, expect, it } from 'vitest'
import { UpstreamError } from '~/upstream/upstream-result'
import { isStaleEdit, missingForPublishing, stillMissing } from './campaign-edits'

const refused = (httpStatus: 400 | 409, message: string, fields: Record<string, string[]> | null = null) =>
  new UpstreamError({ kind: 'rejected', path: 'ops/v1/campaigns/x', httpStatus, message, fields, staff: true })

describe('a refused publication', () => {
  it('names the missing parts in the order the contract lists them', () => {
    expect(missingForPublishing(refused(409, 'The campaign cannot be published yet: it needs flight, product-image'))).toEqual(['product-image', 'flight'])
    expect(missingForPublishing(refused(409, 'The campaign cannot be published yet: it needs review-task'))).toEqual(['review-task'])
  })

  it('names nothing for any other failure', () => {
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
  it('is a 409 without field errors; a refusal of fields is not', () => {
    expect(isStaleEdit(refused(409, 'Changed by Col League at 2026-07-01T09:00:00.000Z since you opened it'))).toBe(true)
    expect(isStaleEdit(refused(409, 'Some changes would break what applicants were promised', { slug: ['cannot change once published'] }))).toBe(false)
    expect(isStaleEdit(refused(400, 'Some fields are not valid', { quota: ['at least 1'] }))).toBe(false)
  })
})
