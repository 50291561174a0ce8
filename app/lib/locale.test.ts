import { describe, expect, it, vi } from 'vitest'
import { localeOf } from './locale'

// The portal serves one locale, so every address would give it; a second served locale shows that
// the address decides.
vi.mock('~/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/i18n/i18n')>()),
  isLocale: (value: string) => value === 'en' || value === 'fr',
}))

describe('the locale of an address', () => {
  it('is its first segment when the portal serves that locale', () => {
    expect(localeOf('/fr/member/phone')).toBe('fr')
    expect(localeOf('/fr')).toBe('fr')
    expect(localeOf('/en/reviews')).toBe('en')
  })

  it('is the default locale when the first segment is no served locale', () => {
    expect(localeOf('/de/member/phone')).toBe('en')
    expect(localeOf('/fresh/member')).toBe('en')
    expect(localeOf('/fr-ca/member')).toBe('en')
    expect(localeOf('/member/fr')).toBe('en')
    expect(localeOf('/404')).toBe('en')
    expect(localeOf('/')).toBe('en')
  })
})
