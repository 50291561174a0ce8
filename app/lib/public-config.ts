import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { BrowserServices, FirebaseWebConfig } from '~/config/config.server'

/**
 * What the browser needs of the runtime configuration: how to reach Firebase Authentication, and
 * which third-party services are on. Public values only, no secrets.
 */
export type PublicConfig = { firebaseWeb: FirebaseWebConfig; emulatorUrl: string | null; services: BrowserServices }

export const getPublicConfigFn = createServerFn({ method: 'GET' }).handler(async (): Promise<PublicConfig> => {
  const { portalConfig } = await import('~/config/config.server')
  const config = portalConfig()
  return { firebaseWeb: config.firebaseWeb, emulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null, services: config.services }
})

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => getPublicConfigFn(),
  staleTime: Infinity,
})
