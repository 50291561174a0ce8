import { describe, expect, it } from 'vitest'
import { draftKey, readDraft, removeDraft, writeDraft } from './review-draft'
import { lengthState, reviewProblems } from './review-rules'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  }
}

describe('the review draft', () => {
  const key = draftKey('product-1', 'campaign-1', 'participation-1')

  it('is kept per product, campaign and participation (so per member) and read back as written', () => {
    const storage = memoryStorage()
    writeDraft(key, { rating: 4, title: 'Smooth', body: 'Tastes good', receivedForFree: true }, new Date('2026-03-01T10:00:00Z'), storage)
    expect(readDraft(key, storage)).toEqual({ rating: 4, title: 'Smooth', body: 'Tastes good', receivedForFree: true, savedAt: '2026-03-01T10:00:00.000Z' })
    expect(readDraft(draftKey('product-1', 'campaign-2', 'participation-1'), storage)).toBeNull()
    // Another member on the same browser has another participation in the same campaign.
    expect(readDraft(draftKey('product-1', 'campaign-1', 'participation-2'), storage)).toBeNull()
  })

  it('is removed when the form is emptied or the review accepted, and ignores damaged data', () => {
    const storage = memoryStorage()
    writeDraft(key, { rating: 4, title: 'x', body: '', receivedForFree: false }, new Date(), storage)
    writeDraft(key, { rating: null, title: ' ', body: '', receivedForFree: false }, new Date(), storage)
    expect(storage.items.has(key)).toBe(false)
    writeDraft(key, { rating: 2, title: 'x', body: '', receivedForFree: false }, new Date(), storage)
    removeDraft(key, storage)
    expect(readDraft(key, storage)).toBeNull()
    storage.setItem(key, '{not json')
    expect(readDraft(key, storage)).toBeNull()
    storage.setItem(key, JSON.stringify({ rating: 9, title: 'x', body: 'y', receivedForFree: true, savedAt: 'now' }))
    expect(readDraft(key, storage)).toBeNull()
  })

  it('does nothing without storage (server rendering)', () => {
    expect(() => writeDraft(key, { rating: 1, title: 'a', body: 'b', receivedForFree: false }, new Date(), null)).not.toThrow()
    expect(readDraft(key, null)).toBeNull()
  })
})

describe('the review rules', () => {
  it('counts trimmed characters against the limits', () => {
    expect(lengthState('  abc  ', 3, 120)).toEqual({ length: 3, state: 'ok', missing: 0, over: 0 })
    expect(lengthState('a'.repeat(20), 50, 5000)).toMatchObject({ state: 'too-short', missing: 30 })
    expect(lengthState('a'.repeat(5003), 50, 5000)).toMatchObject({ state: 'too-long', over: 3 })
  })

  it('names every field that breaks a rule', () => {
    expect(reviewProblems({ rating: null, title: 'ab', body: 'short', receivedForFree: false })).toEqual(['rating', 'title', 'body', 'receivedForFree'])
    expect(reviewProblems({ rating: 5, title: 'Great', body: 'b'.repeat(50), receivedForFree: true })).toEqual([])
  })
})
