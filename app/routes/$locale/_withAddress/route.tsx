import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireSavedAddress } from '~/auth/guards'

/** Saved address only. A saved address belongs to a member, so a visitor signs in first. */
export const Route = createFileRoute('/$locale/_withAddress')({
  beforeLoad: requireSavedAddress,
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
  component: Outlet,
})
