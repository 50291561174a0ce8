import { describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES, PHOTO_REFUSED } from '#contract/review-photos'
import { draftKey, readDraft, removeDraft, writeDraft } from './review-draft'
import { altProblems, movePhoto, pickFiles, refusalOf, restorePhotos } from './review-photos'
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
    expect(readDraft(key, storage)).toEqual({
      rating: 4,
      title: 'Smooth',
      body: 'Tastes good',
      receivedForFree: true,
      photos: [],
      savedAt: '2026-03-01T10:00:00.000Z',
    })
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

  it('keeps the photos (ids, order, descriptions) with the text, and a draft of photos alone', () => {
    const storage = memoryStorage()
    const photos = [
      { id: 'b', alt: 'The lid' },
      { id: 'a', alt: '' },
    ]
    writeDraft(key, { rating: null, title: '', body: '', receivedForFree: false, photos }, new Date('2026-03-01T10:00:00Z'), storage)
    expect(readDraft(key, storage)?.photos).toEqual(photos)
    writeDraft(key, { rating: null, title: '', body: '', receivedForFree: false, photos: [] }, new Date(), storage)
    expect(storage.items.has(key)).toBe(false)
    // A draft written before photos existed reads with none.
    storage.setItem(key, JSON.stringify({ rating: 3, title: 'x', body: 'y', receivedForFree: false, savedAt: 'then' }))
    expect(readDraft(key, storage)?.photos).toEqual([])
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

describe('the review photos', () => {
  it('restores the draft order and descriptions of the photos the member API holds, then any others, and drops those gone', () => {
    const held = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    expect(
      restorePhotos(
        [
          { id: 'c', alt: 'Poured' },
          { id: 'gone', alt: 'Removed elsewhere' },
          { id: 'a', alt: 'Unboxed' },
        ],
        held,
      ),
    ).toEqual([
      { id: 'c', alt: 'Poured' },
      { id: 'a', alt: 'Unboxed' },
      { id: 'b', alt: '' },
    ])
    expect(restorePhotos([], [])).toEqual([])
  })

  it('moves a photo one place earlier or later, and not past either end', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(movePhoto(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(movePhoto(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
  })

  it('refuses at once the files past five photos and those over the size limit, keeping the rest', () => {
    const file = (name: string, size = 1000) => ({ name, size })
    const { upload, refused } = pickFiles([file('1'), file('big', PHOTO_MAX_BYTES + 1), file('2'), file('3')], 3)
    expect(upload.map((f) => f.name)).toEqual(['1', '2'])
    expect(refused.map(({ file, reason }) => [file.name, reason])).toEqual([
      ['big', 'size'],
      ['3', 'count'],
    ])
  })

  it('names why the member API refused a file, from its reason code (never the wording)', () => {
    const rejected = (problem: 'type' | 'size' | 'unreadable' | 'count', httpStatus: 400 | 409 = 400) => ({
      kind: 'rejected' as const,
      path: 'p',
      httpStatus,
      message: null,
      fields: { photo: [PHOTO_REFUSED[problem]] },
      reason: { code: 'image-refused' as const, problem },
    })
    expect(refusalOf(rejected('type'))).toBe('type')
    expect(refusalOf(rejected('size'))).toBe('size')
    expect(refusalOf(rejected('count', 409))).toBe('count')
    expect(refusalOf(rejected('unreadable'))).toBe('unreadable')
    // A field message alone decides nothing.
    expect(refusalOf({ kind: 'rejected', path: 'p', httpStatus: 400, message: null, fields: { photo: [PHOTO_REFUSED.type] } })).toBe('closed')
    expect(refusalOf({ kind: 'rejected', path: 'p', httpStatus: 409, message: 'Your review is published.', fields: null })).toBe('closed')
    expect(refusalOf({ kind: 'unauthenticated', path: 'p' })).toBe('signed-out')
    expect(refusalOf({ kind: 'unavailable', path: 'p', reason: 'timeout', httpStatus: null })).toBe('failed')
    // Too many photos this hour (429), the member API's line of images full (503): by their reason codes.
    expect(refusalOf({ kind: 'unavailable', path: 'p', reason: 'server', httpStatus: 429, refusal: { code: 'too-many-uploads' } })).toBe('too-many-uploads')
    expect(refusalOf({ kind: 'unavailable', path: 'p', reason: 'server', httpStatus: 503, refusal: { code: 'image-queue-full' } })).toBe('busy')
    expect(refusalOf({ kind: 'unavailable', path: 'p', reason: 'server', httpStatus: 429 })).toBe('failed')
  })

  it('asks for a description of every photo, of at most 200 characters', () => {
    expect(
      altProblems([
        { id: 'a', alt: 'Fine' },
        { id: 'b', alt: '   ' },
        { id: 'c', alt: 'x'.repeat(201) },
      ]),
    ).toEqual(['b', 'c'])
  })
})
