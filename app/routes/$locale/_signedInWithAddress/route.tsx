import { createFileRoute } from '@tanstack/react-router'
import { requireSavedAddress } from '~/auth/guards'

/**
 * Signed-in members with a saved address: a visitor signs in first, a member without one gets the
 * address form with `redirect` set (a saved address belongs to a member).
 * No component: the router renders the child page itself, with no script of its own to fetch.
 */
export const Route = createFileRoute('/$locale/_signedInWithAddress')({
  beforeLoad: requireSavedAddress,
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
})
