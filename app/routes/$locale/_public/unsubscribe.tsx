import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { UnsubscribeLinkPage } from '~/features/messages/unsubscribe-page'
import { unsubscribeLinkQuery } from '~/features/messages/unsubscribe-link'
import { useAddressSecret } from '~/lib/address-secrets'
import { optionalText } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { pageHead, PRIVATE_PAGE } from '~/lib/page-head'
import { PagePending } from '~/pages/page-data'

/**
 * Where an e-mail's unsubscribe link leads (`/en/unsubscribe?token=…`; the one-click address
 * `/unsubscribe` sends a browser here): public, the signed token is the authority. The token leaves
 * the address bar as soon as the page has it, kept by the page for this tab (a reload still works).
 * Never kept by a cache: the page names the member's setting as it is now.
 */
export const Route = createFileRoute('/$locale/_public/unsubscribe')({
  head: () => pageHead(msg`Unsubscribe`),
  staticData: { layout: 'auth' },
  validateSearch: v.object({ token: optionalText }),
  loaderDeps: ({ search: { token } }) => ({ token }),
  // Once the token has left the address, the page has what it loaded with it.
  loader: async ({ context, deps }) => {
    if (deps.token !== undefined) await context.queryClient.ensureQueryData(unsubscribeLinkQuery(deps.token))
  },
  headers: () => ({ ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }),
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const { t } = useLingui()
  const { token } = Route.useSearch()
  const secret = useAddressSecret('token', token)
  // The page is named from the first answer, before the browser has read the link's token.
  if (!secret.ready)
    return (
      <>
        <h1 className="text-2xl font-bold text-authentic">{t`Unsubscribe`}</h1>
        <PagePending />
      </>
    )
  // A new link opened over this one starts afresh.
  return <UnsubscribeLinkPage key={secret.value ?? ''} token={secret.value} />
}
