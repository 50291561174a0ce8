import { createFileRoute } from '@tanstack/react-router'
import { requireVisitor } from '~/auth/guards'
import { NOT_INDEXED } from '~/lib/page-head'

/**
 * Visitors who are not signed in only (login, register): a member is sent to their campaigns.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 * No Suspense boundary either: there is nothing of its own to hold back, and each page has its own
 * (its pending state), so one here would only add to every page's render.
 */
export const Route = createFileRoute('/$locale/_guest')({
  wrapInSuspense: false,
  headers: () => NOT_INDEXED,
  beforeLoad: requireVisitor,
})
