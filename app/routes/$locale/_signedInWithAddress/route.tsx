import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireSavedAddress } from '~/auth/guards'

/** Signed-in members with a saved address: without one, the address form with `redirect` set. */
export const Route = createFileRoute('/$locale/_signedInWithAddress')({
  beforeLoad: requireSavedAddress,
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
  component: Outlet,
})
