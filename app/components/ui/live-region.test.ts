import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIVE_REGION_CLEAR_MS, liveRegion } from './live-region'

afterEach(() => {
  liveRegion.reset()
  vi.useRealTimers()
})

describe('liveRegion', () => {
  it('writes a message into the region of its politeness, after emptying it', () => {
    vi.useFakeTimers()
    liveRegion.announce('Address saved', 'polite')
    expect(liveRegion.getMessages()).toEqual({ polite: '', assertive: '' })
    vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS)
    expect(liveRegion.getMessages()).toEqual({ polite: 'Address saved', assertive: '' })
    liveRegion.announce('We could not save your address.', 'assertive')
    vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS)
    expect(liveRegion.getMessages()).toEqual({ polite: 'Address saved', assertive: 'We could not save your address.' })
  })

  it('says the same words again as a new change (emptied first), and the newest message wins', () => {
    vi.useFakeTimers()
    liveRegion.announce('Address saved')
    vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS)
    const seen: string[] = []
    const stop = liveRegion.subscribe(() => seen.push(liveRegion.getMessages().polite))
    liveRegion.announce('Address saved')
    liveRegion.announce('Review submitted')
    vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS)
    stop()
    expect(seen).toEqual(['', '', 'Review submitted'])
  })
})
