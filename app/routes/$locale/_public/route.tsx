import { createFileRoute } from '@tanstack/react-router'

/**
 * Public pages: anyone may see them, signed in or not.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 * No Suspense boundary either: there is nothing of its own to hold back, and each page has its own
 * (its pending state), so one here would only add to every page's render.
 */
export const Route = createFileRoute('/$locale/_public')({ wrapInSuspense: false })
