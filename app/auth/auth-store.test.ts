import { describe, expect, it } from 'vitest'
import { authStore } from './auth-store'

const user = { uid: 'u1', emailVerified: true, displayName: 'Ada', email: 'ada@example.com', metadata: { createdAt: '1700000000000' } }

describe('auth store', () => {
  it('is not ready before the first auth state, then keeps user, token and the phoneVerified claim', () => {
    expect(authStore.getState().ready).toBe(false)
    authStore.signedIn(user, 'token-1', { phoneVerified: true })
    expect(authStore.getState()).toMatchObject({ ready: true, userToken: 'token-1', phoneVerified: true })
  })

  it('defaults phoneVerified to false without the claim, and clears on sign-out', () => {
    authStore.signedIn(user, 'token-2', {})
    expect(authStore.getState().phoneVerified).toBe(false)
    authStore.clear()
    expect(authStore.getState()).toEqual({ ready: true, user: null, userToken: null, phoneVerified: false })
  })
})
