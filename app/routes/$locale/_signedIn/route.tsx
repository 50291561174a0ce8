import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'
import { PRIVATE_PAGE } from '~/lib/page-head'

/**
 * Signed-in members only: a visitor is sent to login with `redirect` set.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 */
export const Route = createFileRoute('/$locale/_signedIn')({
  beforeLoad: requireMember,
  headers: () => PRIVATE_PAGE,
})
