import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getViewerFn } from './viewer.functions'

/** The person looking at the page: a visitor, or a signed-in member. */
export type Viewer = { signedIn: false } | { signedIn: true; uid: string; displayName: string | null; emailVerified: boolean; email: string | null }

/** The signed-in member's uid, or null for a visitor. */
export function uidOf(viewer: Viewer | undefined): string | null {
  return viewer?.signedIn ? viewer.uid : null
}

export const viewerQuery = queryOptions({
  queryKey: ['viewer'],
  queryFn: () => getViewerFn(),
  staleTime: 60_000,
})

/** The one function guards use to learn who is signed in (cached in the query client). */
export function loadViewer(queryClient: QueryClient): Promise<Viewer> {
  return queryClient.ensureQueryData(viewerQuery)
}
