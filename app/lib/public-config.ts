import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { BrowserServices, FirebaseWebConfig } from '~/config/config.server'

/**
 * What the browser needs of the runtime configuration: how to reach Firebase Authentication, and
 * which third-party services are on, and the portal's public address. Public values only, no secrets.
 */
export type PublicConfig = { firebaseWeb: FirebaseWebConfig; emulatorUrl: string | null; services: BrowserServices; publicUrl: string }

/** The same for every request while the process runs: made once. */
let publicConfig: Promise<PublicConfig> | undefined

export const getPublicConfigFn = createServerFn({ method: 'GET' }).handler(
  (): Promise<PublicConfig> =>
    (publicConfig ??= import('~/config/config.server').then(({ portalConfig }) => {
      const config = portalConfig()
      return {
        firebaseWeb: config.firebaseWeb,
        emulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
        services: config.services,
        publicUrl: config.publicUrl,
      }
    })),
)

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => getPublicConfigFn(),
  staleTime: Infinity,
})
