import { getApps, initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth'
import { setIdTokenSource } from './id-token'
import type { PublicAuthConfig } from './public-config'

let auth: Auth | undefined

/** The browser's Firebase Auth, connected to the emulator in local mode. Created once. */
export function clientAuth(config: PublicAuthConfig): Auth {
  if (auth) return auth
  const app = getApps()[0] ?? initializeApp(config.firebaseWeb)
  auth = getAuth(app)
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  setIdTokenSource(currentIdToken)
  return auth
}

/** The browser's Auth once it exists (after the root has mounted), else undefined. */
export function existingClientAuth(): Auth | undefined {
  return auth
}

/** A fresh ID token of the signed-in member (refreshed by the SDK when close to expiry), or null. */
export async function currentIdToken(): Promise<string | null> {
  const user = auth?.currentUser
  return user ? user.getIdToken() : null
}
