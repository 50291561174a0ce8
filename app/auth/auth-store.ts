/**
 * What Firebase says in this browser about the signed-in user: the user, their ID token and the
 * phone-verified flag (from the token's `phoneVerified` claim). It is filled only once an account
 * action has loaded Firebase (AuthProvider's listener); until then `ready` stays false, and a member
 * page knows who is signed in from the viewer query (viewer.ts), never from here.
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

function set(next: AuthState) {
  state = next
  for (const listener of listeners) listener()
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
}
