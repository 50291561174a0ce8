import { describe, expect, it } from 'vitest'
import type { Participation } from '#contract/participations'
import { canWithdraw, canWriteReview, currentParticipation, groupParticipations, nextStepOf, tasksOf, timelineOf } from './participation-steps'

const base: Participation = {
  id: 'p1',
  campaignId: 'c1',
  flightId: 'f1',
  campaign: {
    slug: 'cold-brew',
    title: 'Cold brew',
    brand: 'Kettle & Kiln',
    kind: 'free-product',
    productId: 'pr1',
    productName: 'Cold Brew',
    imageUrl: '',
    tasks: { questionnaire: true, purchaseIntent: false, review: true, social: true, socialPlatforms: [], impressions: true },
  },
  flightName: 'Wave 1',
  reviewDueAt: '2026-05-01T00:00:00.000Z',
  status: 'applied',
  waitlistPosition: null,
  ineligibleReasons: [],
  appliedAt: '2026-03-01T10:00:00.000Z',
  selectedAt: null,
  withdrawnAt: null,
  completedAt: null,
  tasks: { questionnaireAckedAt: null, purchaseIntentAckedAt: null, reviewSubmittedAt: null, socialSubmittedAt: null, impressionsReportedAt: null },
  shipment: null,
  review: null,
}
const shipment = (over: Partial<NonNullable<Participation['shipment']>> = {}): NonNullable<Participation['shipment']> => ({
  id: 's1',
  participationId: 'p1',
  campaignId: 'c1',
  campaignTitle: 'Cold brew',
  productName: 'Cold Brew',
  imageUrl: '',
  status: 'shipped',
  carrier: 'DHL',
  trackingNumber: 'JD1',
  shippedAt: '2026-03-05T10:00:00.000Z',
  deliveredAt: null,
  returnableUntil: null,
  return: null,
  ...over,
})
const at = (over: Partial<Participation>): Participation => ({ ...base, ...over })

describe('participation groups and next steps', () => {
  it('groups by where the member stands, in a fixed order', () => {
    const groups = groupParticipations([
      at({ id: 'a', status: 'completed' }),
      at({ id: 'b', status: 'waitlisted' }),
      at({ id: 'c', status: 'delivered' }),
      at({ id: 'd', status: 'withdrawn' }),
      at({ id: 'e', status: 'applied' }),
      at({ id: 'f', status: 'not-selected' }),
    ])
    expect(groups.map((g) => [g.group, g.items.map((p) => p.id)])).toEqual([
      ['in-progress', ['c']],
      ['waiting', ['b', 'e']],
      ['completed', ['a']],
      ['closed', ['d', 'f']],
    ])
  })

  it('says what comes next in each state', () => {
    // A curated campaign's applicant waits for the team's choice, and is told when not chosen.
    expect(nextStepOf(at({ status: 'applied' }))).toEqual({ kind: 'wait-for-selection' })
    expect(nextStepOf(at({ status: 'not-selected' }))).toEqual({ kind: 'not-selected' })
    expect(nextStepOf(at({ status: 'waitlisted', waitlistPosition: 3 }))).toEqual({ kind: 'waitlisted', position: 3 })
    expect(nextStepOf(at({ status: 'selected' }))).toEqual({ kind: 'wait-for-shipment' })
    expect(nextStepOf(at({ status: 'selected', campaign: { ...base.campaign, kind: 'verified-purchase' } }))).toEqual({ kind: 'confirm-purchase-intent' })
    expect(nextStepOf(at({ status: 'shipped' }))).toEqual({ kind: 'track-shipment' })
    expect(nextStepOf(at({ status: 'delivered' }))).toEqual({ kind: 'write-review' })
    expect(
      nextStepOf(at({ status: 'reviewed', review: { id: 'r1', status: 'pending', rejectionReason: null, rejectionCode: null, publishedAt: null } })),
    ).toEqual({
      kind: 'review-in-moderation',
    })
    expect(
      nextStepOf(at({ status: 'reviewed', review: { id: 'r1', status: 'rejected', rejectionReason: 'Too short', rejectionCode: 'other', publishedAt: null } })),
    ).toEqual({
      kind: 'revise-review',
      reason: 'Too short',
      code: 'other',
    })
    // A rejection puts the participation back where the review is written: the member is told why there.
    const sentBack = {
      id: 'r1',
      status: 'rejected' as const,
      rejectionReason: 'No shop links, please',
      rejectionCode: 'link-or-price' as const,
      publishedAt: null,
    }
    expect(nextStepOf(at({ status: 'delivered', review: sentBack }))).toEqual({ kind: 'revise-review', reason: 'No shop links, please', code: 'link-or-price' })
    const published = { id: 'r1', status: 'published' as const, rejectionReason: null, rejectionCode: null, publishedAt: '2026-03-20T10:00:00.000Z' }
    expect(nextStepOf(at({ status: 'completed', review: published }))).toEqual({ kind: 'read-review', reviewId: 'r1', publishedAt: '2026-03-20T10:00:00.000Z' })
  })

  it('asks for the tasks still open once the review is published, and only then for nothing more', () => {
    const published = { id: 'r1', status: 'published' as const, rejectionReason: null, rejectionCode: null, publishedAt: '2026-03-20T10:00:00.000Z' }
    const reviewed = at({ status: 'reviewed', review: published, tasks: { ...base.tasks, reviewSubmittedAt: '2026-03-19T10:00:00.000Z' } })
    expect(nextStepOf(reviewed)).toEqual({ kind: 'finish-tasks', open: ['questionnaire', 'social-posts', 'impressions'] })
    const allDone = {
      questionnaireAckedAt: '2026-03-06T10:00:00.000Z',
      purchaseIntentAckedAt: null,
      reviewSubmittedAt: '2026-03-19T10:00:00.000Z',
      socialSubmittedAt: '2026-03-21T10:00:00.000Z',
      impressionsReportedAt: '2026-03-22T10:00:00.000Z',
    }
    expect(nextStepOf(at({ status: 'reviewed', review: published, tasks: allDone }))).toEqual({
      kind: 'read-review',
      reviewId: 'r1',
      publishedAt: published.publishedAt,
    })
  })

  it('allows withdrawal only before shipping, and a review once delivered or rejected', () => {
    expect(['applied', 'selected', 'waitlisted'].every((status) => canWithdraw(at({ status: status as Participation['status'] })))).toBe(true)
    expect(canWithdraw(at({ status: 'shipped' }))).toBe(false)
    expect(canWithdraw(at({ status: 'not-selected' }))).toBe(false)
    expect(canWriteReview(at({ status: 'shipped' }))).toBe(false)
    expect(canWriteReview(at({ status: 'delivered' }))).toBe(true)
    expect(
      canWriteReview(at({ status: 'reviewed', review: { id: 'r', status: 'rejected', rejectionReason: null, rejectionCode: null, publishedAt: null } })),
    ).toBe(true)
    expect(
      canWriteReview(at({ status: 'reviewed', review: { id: 'r', status: 'pending', rejectionReason: null, rejectionCode: null, publishedAt: null } })),
    ).toBe(false)
  })

  it('shows the live participation of a campaign before a withdrawn one', () => {
    expect(currentParticipation([at({ id: 'old', status: 'withdrawn' }), at({ id: 'live', status: 'selected' })])?.id).toBe('live')
    expect(currentParticipation([at({ id: 'old', status: 'withdrawn' })])?.id).toBe('old')
    expect(currentParticipation([at({ id: 'unchosen', status: 'not-selected' }), at({ id: 'next', status: 'applied' })])?.id).toBe('next')
    expect(currentParticipation([])).toBeNull()
  })
})

describe('the timeline', () => {
  it('marks what happened as done, with dates, and the next step as current', () => {
    const p = at({ status: 'shipped', selectedAt: '2026-03-02T10:00:00.000Z', shipment: shipment() })
    expect(timelineOf(p)).toEqual([
      { key: 'applied', state: 'done', at: p.appliedAt },
      { key: 'selected', state: 'done', at: p.selectedAt },
      { key: 'shipped', state: 'done', at: '2026-03-05T10:00:00.000Z' },
      { key: 'delivered', state: 'current', at: null },
      { key: 'reviewed', state: 'upcoming', at: null },
      { key: 'completed', state: 'upcoming', at: null },
    ])
  })

  it('ends a withdrawn participation where it stopped', () => {
    const p = at({ status: 'withdrawn', selectedAt: '2026-03-02T10:00:00.000Z', withdrawnAt: '2026-03-03T10:00:00.000Z' })
    expect(timelineOf(p).map((s) => [s.key, s.state])).toEqual([
      ['applied', 'done'],
      ['selected', 'done'],
      ['withdrawn', 'current'],
    ])
  })

  it('ends a curated application the team did not choose there', () => {
    expect(timelineOf(at({ status: 'not-selected' })).map((s) => [s.key, s.state])).toEqual([
      ['applied', 'done'],
      ['not-selected', 'current'],
    ])
  })

  it('puts the purchase in place of the parcel for a verified-purchase test', () => {
    const p = at({ status: 'selected', campaign: { ...base.campaign, kind: 'verified-purchase' }, selectedAt: '2026-03-02T10:00:00.000Z' })
    expect(timelineOf(p).map((s) => s.key)).toEqual(['applied', 'selected', 'purchased', 'reviewed', 'completed'])
    expect(timelineOf(p)[2]?.state).toBe('current')
  })

  it('marks every step done once completed, dated when the test was completed', () => {
    const steps = timelineOf(at({ status: 'completed', completedAt: '2026-03-20T10:00:00.000Z', shipment: shipment({ status: 'delivered' }) }))
    expect(steps.every((s) => s.state === 'done')).toBe(true)
    expect(steps.at(-1)).toEqual({ key: 'completed', state: 'done', at: '2026-03-20T10:00:00.000Z' })
  })
})

describe('the task checklist', () => {
  it('lists the tasks the campaign sets, with their done dates', () => {
    const p = at({ status: 'delivered', tasks: { ...base.tasks, questionnaireAckedAt: '2026-03-06T10:00:00.000Z' } })
    expect(tasksOf(p)).toEqual([
      { key: 'questionnaire', doneAt: '2026-03-06T10:00:00.000Z' },
      { key: 'review', doneAt: null },
      { key: 'social-posts', doneAt: null },
      { key: 'impressions', doneAt: null },
    ])
    const vp = {
      ...base.campaign,
      kind: 'verified-purchase' as const,
      tasks: { questionnaire: false, purchaseIntent: true, review: true, social: false, socialPlatforms: [], impressions: false },
    }
    expect(tasksOf(at({ campaign: vp })).map((t) => t.key)).toEqual(['purchase-intent', 'review'])
  })
})
