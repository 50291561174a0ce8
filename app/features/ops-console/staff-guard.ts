import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'
import { staffSelfQuery } from './ops-console.queries'

/**
 * The console's guard: a visitor goes to sign in and comes back; a signed-in person without a role
 * is shown "no access" (staff is null). It decides what to show only.
 */
export async function requireStaff(args: { context: { queryClient: QueryClient }; location: ParsedLocation }) {
  const { viewer } = await requireMember(args)
  const staff = await args.context.queryClient.ensureQueryData(staffSelfQuery)
  return { viewer, staff }
}
