import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { loadUnsubscribeLink, UnsubscribePage } from '~/features/messages/unsubscribe-page'
import { optionalText } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead, PRIVATE_PAGE } from '~/lib/page-head'

/**
 * Where an e-mail's unsubscribe link leads (`/en/unsubscribe?token=…`; the one-click address
 * `/unsubscribe` sends a browser here): public, the signed token is the authority. Never kept by a
 * cache: the page names the member's setting as it is now, and its address carries the token.
 */
export const Route = createFileRoute('/$locale/_public/unsubscribe')({
  head: () => pageHead(msg`Unsubscribe`),
  staticData: { layout: 'auth' },
  validateSearch: v.object({ token: optionalText }),
  loaderDeps: ({ search: { token } }) => ({ token }),
  loader: ({ deps }) => loadUnsubscribeLink(deps.token),
  headers: () => ({ ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }),
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const link = Route.useLoaderData()
  const { token } = Route.useSearch()
  // A new link opened over this one starts afresh.
  return <UnsubscribePage key={token ?? ''} link={link} />
}
