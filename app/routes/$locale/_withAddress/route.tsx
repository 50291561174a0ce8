import { createFileRoute } from '@tanstack/react-router'
import { requireSavedAddress } from '~/auth/guards'

/**
 * Saved address only. A saved address belongs to a member, so a visitor signs in first.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 */
export const Route = createFileRoute('/$locale/_withAddress')({
  beforeLoad: requireSavedAddress,
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
})
