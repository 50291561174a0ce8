import { cert, getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { credentialChecker, type CredentialChecker } from '#contract/credentials.server'
import { portalConfig } from '~/config/config.server'

let app: App | undefined
let credentials: CredentialChecker | undefined

/** The Firebase project whose members this portal serves. */
function projectId(): string {
  const config = portalConfig()
  return config.serviceAccount?.projectId ?? config.firebaseWeb.projectId
}

/** firebase-admin's Auth for this process: the emulator in local mode, the real project in production. */
export function adminAuth(): Auth {
  if (!app) {
    const config = portalConfig()
    if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost
    app =
      getApps().find((existing) => existing.name === 'portal') ??
      initializeApp(config.serviceAccount ? { credential: cert(config.serviceAccount), projectId: projectId() } : { projectId: projectId() }, 'portal')
  }
  return getAuth(app)
}

/**
 * This process's check of members' credentials (the one the member API uses too): each member's
 * revocation state is remembered for REVOCATION_CHECK_SECONDS, so one process keeps one memory of it.
 */
export function memberCredentials(): CredentialChecker {
  credentials ??= credentialChecker(adminAuth(), projectId(), { recordTtlMs: portalConfig().recordTtlMs })
  return credentials
}
