import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ImpressionsFormSchema, parseCount } from './impressions-rules'

describe('impressions', () => {
  it('reads whole numbers from 0, with thousands separators', () => {
    expect(parseCount('1200')).toBe(1200)
    expect(parseCount(' 1,200 ')).toBe(1200)
    expect(parseCount('0')).toBe(0)
    for (const bad of ['-5', '1.5', '', 'abc', '99999999999']) expect(parseCount(bad)).toBeNull()
  })

  it('names only the bad fields', () => {
    const refused = v.safeParse(ImpressionsFormSchema, { reach: '-10', likes: '4', comments: '1', shares: '0' })
    expect(refused.success ? [] : refused.issues.map((issue) => v.getDotPath(issue))).toEqual(['reach'])
    expect(v.parse(ImpressionsFormSchema, { reach: '100', likes: '4', comments: '1', shares: '0' })).toEqual({ reach: 100, likes: 4, comments: 1, shares: 0 })
  })
})
