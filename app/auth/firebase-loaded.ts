import type { Auth } from 'firebase/auth'

// Firebase's client Auth in this browser, once something has loaded it. Pages never load Firebase's
// SDK themselves: an account action does when it needs it (firebase-web.ts announces the Auth it
// created), and whatever follows Firebase's state (fresh ID tokens, the auth listener) starts then.
// This module must import nothing of Firebase at run time: pages import it.

let loaded: Auth | null = null
const waiting = new Set<(auth: Auth) => void>()

/** Called once by firebase-web.ts when it has created the client Auth. */
export function announceFirebaseLoaded(auth: Auth): void {
  loaded = auth
  for (const listener of [...waiting]) listener(auth)
  waiting.clear()
}

/** The client Auth if Firebase has been loaded in this browser, else null (it is not loaded for it). */
export function loadedClientAuth(): Auth | null {
  return loaded
}

/**
 * Calls `listener` with the client Auth once Firebase has been loaded by something else, at once if
 * it already is. Returns a function that stops waiting (it does nothing once the listener was called).
 */
export function whenFirebaseLoaded(listener: (auth: Auth) => void): () => void {
  if (loaded) {
    listener(loaded)
    return () => {}
  }
  waiting.add(listener)
  return () => void waiting.delete(listener)
}
