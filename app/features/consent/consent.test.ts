import { describe, expect, it } from 'vitest'
import { CONSENT_STORAGE_KEY, analyticsEnabled, readConsent, storageConsent, writeConsent } from './consent'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
}

describe('consent choice', () => {
  it('round-trips through storage under selectedConcent', () => {
    const storage = memoryStorage()
    writeConsent(['analytics'], storage)
    expect(storage.getItem(CONSENT_STORAGE_KEY)).toBe('["analytics"]')
    expect(readConsent(storage)).toEqual(['analytics'])
  })

  it('treats a missing or tampered value as no consent', () => {
    const storage = memoryStorage()
    expect(readConsent(storage)).toEqual([])
    storage.setItem(CONSENT_STORAGE_KEY, '["ads"]')
    expect(readConsent(storage)).toEqual([])
    storage.setItem(CONSENT_STORAGE_KEY, '{not json')
    expect(readConsent(storage)).toEqual([])
  })

  it('grants analytics only with consent; functionality and security always; ads never', () => {
    expect(analyticsEnabled([])).toBe(false)
    expect(storageConsent([])).toMatchObject({
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      security_storage: 'granted',
      ad_storage: 'denied',
      personalization_storage: 'denied',
    })
    expect(storageConsent(['analytics']).analytics_storage).toBe('granted')
    expect(storageConsent(['analytics']).ad_storage).toBe('denied')
  })
})
