import { cert, getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { portalConfig } from '~/config/config.server'

let app: App | undefined

/** firebase-admin's Auth for this process: the emulator in local mode, the real project in production. */
export function adminAuth(): Auth {
  if (!app) {
    const config = portalConfig()
    if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost
    app =
      getApps().find((existing) => existing.name === 'portal') ??
      initializeApp(
        config.serviceAccount
          ? { credential: cert(config.serviceAccount), projectId: config.serviceAccount.projectId }
          : { projectId: config.firebaseWeb.projectId },
        'portal',
      )
  }
  return getAuth(app)
}
