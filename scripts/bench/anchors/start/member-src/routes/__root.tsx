import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { HEAD, RootDocument } from '../../shell'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => HEAD,
  shellComponent: RootDocument,
  component: Outlet,
})
