import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SecondFactorPage } from '~/features/second-factor/second-factor-page'
import { secondFactorStatusQuery } from '~/features/second-factor/second-factor.queries'
import { pageHead } from '~/lib/page-head'
import { RedirectSearchSchema } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'

/**
 * Two-step sign-in (/en/second-factor): staff and brand pages send a person here when their session
 * has passed no second factor (`redirect` is where they were); members manage theirs here.
 */
export const Route = createFileRoute('/$locale/_signedIn/second-factor')({
  head: () => pageHead(msg`Two-step sign-in`),
  validateSearch: RedirectSearchSchema,
  loader: ({ context, location }) => loadPageData(context.queryClient, secondFactorStatusQuery, location),
  component: SecondFactorRoute,
})

function SecondFactorRoute() {
  const { redirect } = Route.useSearch()
  return <SecondFactorPage redirect={redirect} />
}
