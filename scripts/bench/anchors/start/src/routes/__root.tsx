import { createRootRoute, Outlet } from '@tanstack/react-router'
import { HEAD, RootDocument } from '../../shell'

export const Route = createRootRoute({
  head: () => HEAD,
  shellComponent: RootDocument,
  component: Outlet,
})
