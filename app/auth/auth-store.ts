/**
 * The client auth store of spec sections 3 and 4: the signed-in user, their ID token and the
 * phone-verified flag (from the token's `phoneVerified` claim). `ready` turns true with the first
 * auth state, so nothing member-dependent is decided before it.
 */
export type AuthUser = {
  uid: string
  emailVerified: boolean
  displayName: string | null
  email: string | null
  metadata: { createdAt: string | null }
}

export type AuthState = {
  ready: boolean
  user: AuthUser | null
  userToken: string | null
  phoneVerified: boolean
}

const signedOut: AuthState = { ready: true, user: null, userToken: null, phoneVerified: false }
let state: AuthState = { ready: false, user: null, userToken: null, phoneVerified: false }
const listeners = new Set<() => void>()
const readyWaiters: Array<() => void> = []

function set(next: AuthState) {
  state = next
  for (const listener of listeners) listener()
  if (next.ready) for (const resolve of readyWaiters.splice(0)) resolve()
}

export const authStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getState(): AuthState {
    return state
  },
  signedIn(user: AuthUser, userToken: string, claims: Record<string, unknown>) {
    set({ ready: true, user, userToken, phoneVerified: claims.phoneVerified === true })
  },
  clear() {
    set(signedOut)
  },
  /** Resolves with the first auth state (at once when it is already known). */
  whenReady(): Promise<AuthState> {
    if (state.ready) return Promise.resolve(state)
    return new Promise((resolve) => readyWaiters.push(() => resolve(state)))
  },
}
