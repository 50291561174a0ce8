import { createFileRoute } from '@tanstack/react-router'

/**
 * Public pages: anyone may see them, signed in or not.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 */
export const Route = createFileRoute('/$locale/_public')({})
