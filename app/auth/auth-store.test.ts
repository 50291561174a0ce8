import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { authStore as AuthStore } from './auth-store'

const user = { uid: 'u1', emailVerified: true, displayName: 'Ada', email: 'ada@example.com', metadata: { createdAt: '1700000000000' } }

// The store lives as long as its module: each test starts from a fresh one, as a page load does.
let authStore: typeof AuthStore
beforeEach(async () => {
  vi.resetModules()
  ;({ authStore } = await import('./auth-store'))
})

describe('auth store', () => {
  it('is not ready before the first auth state', () => {
    expect(authStore.getState()).toEqual({ ready: false, user: null, userToken: null, phoneVerified: false })
  })

  it('keeps the signed-in user, their token and the phoneVerified claim, and tells its subscribers', () => {
    const listener = vi.fn()
    authStore.subscribe(listener)
    authStore.signedIn(user, 'token-1', { phoneVerified: true })
    expect(authStore.getState()).toEqual({ ready: true, user, userToken: 'token-1', phoneVerified: true })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('counts the phone as verified only when the claim is true', () => {
    authStore.signedIn(user, 'token-2', {})
    expect(authStore.getState().phoneVerified).toBe(false)
    authStore.signedIn(user, 'token-3', { phoneVerified: 'true' })
    expect(authStore.getState().phoneVerified).toBe(false)
  })

  it('is ready and signed out after a sign-out', () => {
    authStore.signedIn(user, 'token-4', { phoneVerified: true })
    authStore.clear()
    expect(authStore.getState()).toEqual({ ready: true, user: null, userToken: null, phoneVerified: false })
  })
})
