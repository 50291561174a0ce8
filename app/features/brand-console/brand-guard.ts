import type { QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import { requireMember } from '~/auth/guards'
import { loadPageData } from '~/upstream/load-page-data'
import { brandSelfQuery } from './brand-console.queries'

/**
 * The brand pages' guard: a visitor goes to sign in and comes back; a signed-in person who follows
 * no brand is shown "no access" (brand is null). It decides what to show only.
 */
export async function requireBrandViewer(args: { context: { queryClient: QueryClient }; location: ParsedLocation }) {
  const { viewer } = await requireMember(args)
  const brand = await loadPageData(args.context.queryClient, brandSelfQuery, args.location)
  return { viewer, brand }
}
