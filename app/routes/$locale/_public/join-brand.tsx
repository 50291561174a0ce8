import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { JoinBrandPage, JoinBrandSignIn } from '~/features/brand-console/join-brand-page'
import { invitationQuery } from '~/features/brand-console/invitation.queries'
import { viewerQuery, loadViewer } from '~/auth/viewer'
import { useAddressSecret } from '~/lib/address-secrets'
import { optionalText } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead, PRIVATE_PAGE } from '~/lib/page-head'
import { PagePending } from '~/pages/page-data'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * An invitation link from an admin's e-mail (`?token=`). The token leaves the address bar as soon
 * as the page has it, and the page keeps it for this tab: a visitor signs in (or signs up) from
 * here and comes back to `/join-brand` with no token in any address, nor in the sign-in page's.
 */
export const Route = createFileRoute('/$locale/_public/join-brand')({
  head: () => pageHead(msg`Join a brand`),
  validateSearch: v.object({ token: optionalText }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, deps, location }) => {
    // Once the token has left the address, the page has what it loaded with it.
    if (deps.token === undefined || !(await loadViewer(context.queryClient)).signedIn) return
    await loadPageData(context.queryClient, invitationQuery(deps.token), location)
  },
  // The link's token stays out of other sites' logs; no cache keeps the page.
  headers: () => ({ ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }),
  component: JoinBrandRoute,
})

function JoinBrandRoute() {
  const { token } = Route.useSearch()
  const secret = useAddressSecret('token', token)
  const viewer = useSuspenseQueryData(viewerQuery)
  if (!secret.ready) return <PagePending />
  if (!viewer.signedIn) return <JoinBrandSignIn hasToken={secret.value !== undefined} />
  return <JoinBrandPage token={secret.value} />
}
