import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'
import { loadPageData } from '~/upstream/load-page-data'
import { staffSelfQuery } from './ops-console.queries'

/**
 * The console's guard: a visitor goes to sign in and comes back; a signed-in person without a role
 * is shown "no access" (staff is null). It decides what to show only.
 */
export async function requireStaff(args: { context: { queryClient: QueryClient }; location: ParsedLocation }) {
  const { viewer } = await requireMember(args)
  // Through the catalogue's redirects: a staff session that has ended goes to sign in and back.
  const staff = await loadPageData(args.context.queryClient, staffSelfQuery, args.location)
  return { viewer, staff }
}
