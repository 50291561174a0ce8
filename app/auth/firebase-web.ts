import { getApps, initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth'
import { announceFirebaseLoaded } from './firebase-loaded'
import type { PublicAuthConfig } from './public-config'

let auth: Auth | undefined

/**
 * The browser's Firebase Auth, connected to the emulator in local mode. Created once, by the first
 * account action that needs it; creating it tells firebase-loaded.ts's listeners that Firebase is here.
 */
export function clientAuth(config: PublicAuthConfig): Auth {
  if (auth) return auth
  const app = getApps()[0] ?? initializeApp(config.firebaseWeb)
  auth = getAuth(app)
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  announceFirebaseLoaded(auth)
  return auth
}
