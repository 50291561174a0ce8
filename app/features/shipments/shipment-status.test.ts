import { describe, expect, it } from 'vitest'
import type { Shipment } from '#contract/participations'
import { canRequestReturn, returnableShipments } from './shipment-status'

const delivered: Shipment = {
  id: 's1',
  participationId: 'p1',
  campaignId: 'c1',
  campaignTitle: 'Cold brew',
  productName: 'Cold Brew',
  imageUrl: '',
  status: 'delivered',
  carrier: 'DHL',
  trackingNumber: 'JD1',
  shippedAt: '2026-03-01T00:00:00.000Z',
  deliveredAt: '2026-03-03T00:00:00.000Z',
  returnableUntil: '2026-04-02T00:00:00.000Z',
  return: null,
}

describe('returns', () => {
  it('may be requested for a delivered product within its window, once', () => {
    expect(canRequestReturn(delivered, new Date('2026-03-10T00:00:00Z'))).toBe(true)
    expect(canRequestReturn(delivered, new Date('2026-04-03T00:00:00Z'))).toBe(false)
    expect(canRequestReturn({ ...delivered, status: 'shipped', returnableUntil: null }, new Date('2026-03-10T00:00:00Z'))).toBe(false)
    const requested = {
      ...delivered,
      return: {
        status: 'requested' as const,
        reason: 'damaged' as const,
        comment: null,
        requestedAt: '2026-03-04T00:00:00.000Z',
        labelUrl: null,
        labelIssuedAt: null,
        returnedAt: null,
      },
    }
    expect(canRequestReturn(requested, new Date('2026-03-10T00:00:00Z'))).toBe(false)
    expect(returnableShipments([requested, { ...delivered, id: 's2', status: 'shipped' }]).map((s) => s.id)).toEqual(['s1'])
  })
})
