import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { createRouter, isNotFound, isRedirect } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { NotFoundPage } from './pages/not-found-page'
import { RoutePending, RouteError } from './pages/page-data'
import { refreshBalance, shareBalance } from './features/rewards/rewards.queries'
import { routeTree } from './routeTree.gen'
import { applyErrorEffect, markHandled } from './upstream/apply-effect'
import { effectOf } from './upstream/error-catalogue'
import { isUpstreamError } from './upstream/upstream-result'

export type RouterContext = { queryClient: QueryClient }

/** The nonce start.ts chose for this page; none in the browser, nor outside a page request. */
function requestNonce(): string | undefined {
  try {
    return (getGlobalStartContext() as { cspNonce?: string } | undefined)?.cspNonce
  } catch {
    return undefined
  }
}

export function getRouter() {
  // Every failed member-API call reaches the member the same way (the error catalogue), in the browser.
  // During server rendering, loaders map failures themselves (upstream/load-page-data.ts).
  const onUpstreamError = (error: unknown) => {
    if (typeof window === 'undefined' || isRedirect(error) || isNotFound(error)) return
    // Not an answer of the member API (the portal unreachable, say): the catalogue's last row.
    const effect = isUpstreamError(error) ? effectOf(error.failure) : ({ kind: 'generic-dialog' } as const)
    if (typeof error === 'object' && error !== null) markHandled(error)
    void applyErrorEffect(effect, { router, queryClient })
  }
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onUpstreamError, onSuccess: (data, query) => shareBalance(queryClient, query.queryKey, data) }),
    mutationCache: new MutationCache({
      onError: onUpstreamError,
      // Not awaited: the change's own success handling need not wait for the header's balance.
      onSuccess: () => void refreshBalance(queryClient),
    }),
    defaultOptions: {
      // A failed upstream call has already been answered by the catalogue; retrying would repeat it.
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
    },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The query client caches loader data; the router itself need not.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // `/xx/` must answer 404 itself rather than redirect to `/xx` first.
    trailingSlash: 'preserve',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: RoutePending,
    // The page's Content-Security-Policy allows inline scripts by this request's nonce (start.ts);
    // in the browser the router reads it back from the page (and the lookup stays out of its bundle).
    ssr: { nonce: import.meta.env.SSR ? requestNonce() : undefined },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
