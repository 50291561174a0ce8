import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { AppErrorPage } from './pages/error-page'
import { NotFoundPage } from './pages/not-found-page'
import { routeTree } from './routeTree.gen'

export type RouterContext = { queryClient: QueryClient }

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
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
    defaultErrorComponent: AppErrorPage,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
