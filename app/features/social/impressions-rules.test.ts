import { describe, expect, it } from 'vitest'
import { checkImpressions, parseCount } from './impressions-rules'

describe('impressions', () => {
  it('reads whole numbers from 0, with thousands separators', () => {
    expect(parseCount('1200')).toBe(1200)
    expect(parseCount(' 1,200 ')).toBe(1200)
    expect(parseCount('0')).toBe(0)
    for (const bad of ['-5', '1.5', '', 'abc', '99999999999']) expect(parseCount(bad)).toBeNull()
  })

  it('names only the bad fields', () => {
    expect(checkImpressions({ reach: '-10', likes: '4', comments: '1', shares: '0' })).toEqual({ ok: false, fields: ['reach'] })
    expect(checkImpressions({ reach: '100', likes: '4', comments: '1', shares: '0' })).toEqual({
      ok: true,
      data: { reach: 100, likes: 4, comments: 1, shares: 0 },
    })
  })
})
