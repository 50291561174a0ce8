import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'
import { PRIVATE_PAGE } from '~/lib/page-head'

/**
 * Signed-in members only: a visitor is sent to login with `redirect` set.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 * No Suspense boundary either: there is nothing of its own to hold back, and each page has its own
 * (its pending state), so one here would only add to every page's render.
 */
export const Route = createFileRoute('/$locale/_signedIn')({
  wrapInSuspense: false,
  beforeLoad: requireMember,
  headers: () => PRIVATE_PAGE,
})
