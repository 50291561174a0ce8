import { createFileRoute } from '@tanstack/react-router'
import { requireSavedAddress } from '~/auth/guards'
import { PRIVATE_PAGE } from '~/lib/page-head'

/**
 * Signed-in members with a saved address: a visitor signs in first, a member without one gets the
 * address form with `redirect` set (a saved address belongs to a member).
 * No component: the router renders the child page itself, with no script of its own to fetch.
 * No Suspense boundary either: there is nothing of its own to hold back, and each page has its own
 * (its pending state), so one here would only add to every page's render.
 */
export const Route = createFileRoute('/$locale/_signedInWithAddress')({
  wrapInSuspense: false,
  beforeLoad: requireSavedAddress,
  headers: () => PRIVATE_PAGE,
})
