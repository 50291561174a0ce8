import { describe, expect, it } from 'vitest'
import { pageCount } from './review-filter'

describe('the reviews pages', () => {
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
  })
})
