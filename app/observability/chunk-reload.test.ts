import { describe, expect, it } from 'vitest'
import { claimReload, isChunkLoadError, RELOAD_GUARD_WINDOW_MS } from './chunk-reload'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
}

describe('chunk-load reload guard', () => {
  it('recognises the browsers’ chunk-load failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })

  it('reloads a path at most once per 10 seconds', () => {
    const storage = memoryStorage()
    expect(claimReload('/en/reviews', storage, 1_000)).toBe(true)
    expect(claimReload('/en/reviews', storage, 1_000 + RELOAD_GUARD_WINDOW_MS - 1)).toBe(false)
    expect(claimReload('/en/legal', storage, 2_000)).toBe(true)
    expect(claimReload('/en/reviews', storage, 1_000 + RELOAD_GUARD_WINDOW_MS)).toBe(true)
  })
})
