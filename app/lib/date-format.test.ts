import { describe, expect, it } from 'vitest'
import { formatDate, weekdayOrder } from './date-format'

describe('formatDate', () => {
  it('writes mm/dd/yy', () => {
    expect(formatDate('2026-03-07T10:00:00Z')).toBe('03/07/26')
    expect(formatDate(new Date(Date.UTC(2009, 11, 31)))).toBe('12/31/09')
  })
  it('gives an empty string for an invalid date rather than NaN/NaN/NaN', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('weekdayOrder', () => {
  it('starts on Sunday', () => {
    expect(weekdayOrder()).toEqual([0, 1, 2, 3, 4, 5, 6])
  })
})
