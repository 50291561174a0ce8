import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'

/** Signed-in members only: a visitor is sent to login with `redirect` set. */
export const Route = createFileRoute('/$locale/_signedIn')({
  beforeLoad: requireMember,
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
  component: Outlet,
})
