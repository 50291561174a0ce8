import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'
import { loadPageData } from '~/upstream/load-page-data'
import type { StaffSelf } from '#contract/staff'
import { consolePageOf, mayOpen, type ConsolePage } from './console-page'
import { staffSelfQuery } from './ops-console.queries'

/** What the console's routes know of the person: who is signed in, their staff record, and whether the page opens for them. */
export type StaffContext = { viewer: Awaited<ReturnType<typeof requireMember>>['viewer']; staff: StaffSelf | null; mayOpen: boolean }

/**
 * The console's guard: a visitor goes to sign in and comes back; a signed-in person without a role
 * is shown "no access" (staff is null); a staff person whose roles lack the page's capability is
 * told so in the console, and the page loads nothing (mayOpen). It decides what to show only.
 */
export async function requireStaff(args: {
  context: { queryClient: QueryClient }
  location: ParsedLocation
  matches: ReadonlyArray<{ staticData?: { consolePage?: ConsolePage } }>
}): Promise<StaffContext> {
  const { viewer } = await requireMember(args)
  // Through the catalogue's redirects: a staff session that has ended goes to sign in and back.
  const staff = await loadPageData(args.context.queryClient, staffSelfQuery, args.location)
  return { viewer, staff, mayOpen: mayOpen(staff, consolePageOf(args.matches)) }
}
