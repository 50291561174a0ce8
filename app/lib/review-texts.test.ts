import { describe, expect, it } from 'vitest'
import { excerpt } from './review-texts'

describe('review excerpts', () => {
  it('keep short texts whole and cut long ones on a word', () => {
    expect(excerpt('Lovely  taste.\nWould buy.')).toBe('Lovely taste. Would buy.')
    const cut = excerpt('word '.repeat(100), 50)
    expect(cut.endsWith('word…')).toBe(true)
    expect(cut.length).toBeLessThanOrEqual(51)
  })
})
