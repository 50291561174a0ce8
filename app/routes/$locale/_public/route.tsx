import { createFileRoute, Outlet } from '@tanstack/react-router'

/** Public pages: anyone may see them, signed in or not. */
export const Route = createFileRoute('/$locale/_public')({
  component: Outlet,
})
