import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { JoinBrandPage } from '~/features/brand-console/join-brand-page'
import { invitationQuery } from '~/features/brand-console/invitation.queries'
import { optionalText } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

/** An invitation link from an admin's e-mail (`?token=`): a visitor signs in (or signs up) first and comes back here. */
export const Route = createFileRoute('/$locale/_signedIn/join-brand')({
  head: () => pageHead(msg`Join a brand`),
  validateSearch: v.object({ token: optionalText }),
  loaderDeps: ({ search }) => ({ token: search.token ?? '' }),
  loader: ({ context, deps, location }) => loadPageData(context.queryClient, invitationQuery(deps.token), location),
  // The link's token stays out of other sites' logs.
  headers: () => ({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store' }),
  component: JoinBrandRoute,
})

function JoinBrandRoute() {
  const { token } = Route.useSearch()
  return <JoinBrandPage token={token ?? ''} />
}
