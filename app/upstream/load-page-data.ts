import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { withoutSecrets } from '~/lib/address-secrets'
import { localeOf } from '~/lib/locale'
import { effectOf } from './error-catalogue'
import { isUpstreamError, type UpstreamError } from './upstream-result'

const REDIRECT_STATUS = 302

/**
 * The redirects of the error catalogue, as real redirects (302 during server rendering): not found,
 * forbidden, and a session that is over (ended here during server rendering, so the login page does
 * not send the member back). Returns for the failures a page shows instead.
 */
async function redirectFor(error: UpstreamError, location: ParsedLocation): Promise<void> {
  const effect = effectOf(error.failure)
  switch (effect.kind) {
    // A console page of something that is not there (a member or flight by an old address).
    case 'staff-gone-dialog':
    case 'redirect-locale-404':
      throw redirect({ to: '/$locale/404', params: { locale: localeOf(location.pathname) }, statusCode: REDIRECT_STATUS })
    case 'redirect-404':
      throw redirect({ to: '/404', statusCode: REDIRECT_STATUS })
    case 'second-factor':
      throw redirect({
        to: '/$locale/second-factor',
        params: { locale: localeOf(location.pathname) },
        search: { redirect: location.href },
        statusCode: REDIRECT_STATUS,
      })
    case 'session-expired':
      if (typeof window === 'undefined') {
        const { endSessionFn } = await import('~/auth/viewer.functions')
        await endSessionFn().catch(() => undefined)
        throw redirect({
          to: '/$locale/user/login',
          params: { locale: localeOf(location.pathname) },
          search: { redirect: withoutSecrets(location.href), expired: true },
          statusCode: REDIRECT_STATUS,
        })
      }
      // In the browser the query cache's handler signs out, shows the toast and goes to sign-in.
      return
    default:
      return
  }
}

/**
 * A page's own data, for its loader: the error catalogue acts on a failure (redirects here, the
 * dialog in the browser's query cache), then the failure is thrown, and the route shows the one
 * error component (RouteError, app/pages/page-data.tsx). The page reads the data with useSuspenseQuery.
 */
export async function loadPageData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  location: ParsedLocation,
): Promise<TData> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (isUpstreamError(error)) await redirectFor(error, location)
    throw error
  }
}

/**
 * Data a page can do without (the member's side of a public page, the home page's lists): the
 * catalogue's redirects still apply, any other failure gives undefined, and the part of the page
 * that shows the data says it is unavailable.
 */
export async function loadOptionalData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  location: ParsedLocation,
): Promise<TData | undefined> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    await redirectFor(error, location)
    return undefined
  }
}
