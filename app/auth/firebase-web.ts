import { getApps, initializeApp } from 'firebase/app'
import { browserLocalPersistence, browserSessionPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth'
import { announceFirebaseLoaded } from './firebase-loaded'
import type { PublicConfig } from '~/lib/public-config'

let auth: Auth | undefined

/**
 * The browser's Firebase Auth, connected to the emulator in local mode. Created once, by the first
 * account action that needs it; creating it tells firebase-loaded.ts's listeners that Firebase is here.
 */
export function clientAuth(config: PublicConfig): Auth {
  if (auth) return auth
  const app = getApps()[0] ?? initializeApp(config.firebaseWeb)
  // Without the popup-and-redirect helper getAuth() brings: the portal signs in with e-mail only, and
  // that helper loads Google's scripts and frames (on phones and Safari, before anyone signs in),
  // which the pages' Content-Security-Policy does not allow.
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] })
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  announceFirebaseLoaded(auth)
  return auth
}
