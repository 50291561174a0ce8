import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { FirebaseWebConfig } from '~/config/config.server'

/** What the browser needs to talk to Firebase Authentication: public values only, no secrets. */
export type PublicAuthConfig = { firebaseWeb: FirebaseWebConfig; emulatorUrl: string | null }

export const getPublicAuthConfigFn = createServerFn({ method: 'GET' }).handler(async (): Promise<PublicAuthConfig> => {
  const { portalConfig } = await import('~/config/config.server')
  const config = portalConfig()
  return { firebaseWeb: config.firebaseWeb, emulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null }
})

export const publicAuthConfigQuery = queryOptions({
  queryKey: ['public-auth-config'],
  queryFn: () => getPublicAuthConfigFn(),
  staleTime: Infinity,
})
