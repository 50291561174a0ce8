import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { effectOf } from './error-catalogue'
import { isUpstreamError } from './upstream-result'
import { localeOf } from '~/lib/locale'

const REDIRECT_STATUS = 302

/**
 * A loader's data through the error catalogue: redirects are real redirects (302 during SSR), and
 * a failure the member should read about leaves the page to render its error state — the browser
 * raises the dialog — instead of a 500 page. Returns undefined in that case.
 */
export async function loadPageData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  location: ParsedLocation,
): Promise<TData | undefined> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    const effect = effectOf(error.failure)
    switch (effect.kind) {
      case 'redirect-locale-404':
        throw redirect({ to: '/$locale/404', params: { locale: localeOf(location.pathname) }, statusCode: REDIRECT_STATUS })
      case 'redirect-404':
        throw redirect({ to: '/404', statusCode: REDIRECT_STATUS })
      case 'session-expired': {
        if (typeof window === 'undefined') {
          // During SSR: end the session here, so the login page does not bounce the member back.
          const { endSessionFn } = await import('~/auth/viewer.functions')
          await endSessionFn().catch(() => undefined)
          throw redirect({
            to: '/$locale/user/login',
            params: { locale: localeOf(location.pathname) },
            search: { redirect: location.href, expired: true },
            statusCode: REDIRECT_STATUS,
          })
        }
        // In the browser the query cache's handler signs out, shows the toast and redirects.
        return undefined
      }
      default:
        return undefined
    }
  }
}
