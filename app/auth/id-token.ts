import { createClientOnlyFn } from '@tanstack/react-start'
import { loadedClientAuth } from './firebase-loaded'

/**
 * A fresh ID token of the member signed in in this browser (refreshed by the SDK when close to
 * expiry), or null (browser only). Null too while Firebase is not loaded: the session cookie then
 * speaks for the member, and a call never fetches Firebase's SDK just to attach a token.
 */
export const freshIdToken = createClientOnlyFn(async (): Promise<string | null> => {
  const user = loadedClientAuth()?.currentUser
  return user ? user.getIdToken().catch(() => null) : null
})
