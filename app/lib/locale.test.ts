import { describe, expect, it } from 'vitest'
import { localeOf, localePath } from './locale'

describe('locale of an address', () => {
  it('is the first segment when the portal serves that locale, else the default', () => {
    expect(localeOf('/en/member/phone')).toBe('en')
    expect(localeOf('/xx/member/phone')).toBe('en')
    expect(localeOf('/404')).toBe('en')
    expect(localeOf('/')).toBe('en')
  })

  it('prefixes a path with the locale', () => {
    expect(localePath('/member/phone')).toBe('/en/member/phone')
    expect(localePath('/reviews', 'en')).toBe('/en/reviews')
  })
})
