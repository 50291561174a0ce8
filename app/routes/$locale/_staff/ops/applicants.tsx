import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { ApplicantsPage } from '~/features/ops-applicants/applicants-page'
import { applicantsAddressOf, type ApplicantsAddress } from '~/features/ops-applicants/applicants-search'
import { optionalText } from '~/lib/search-params'
import { consoleHead } from '~/lib/page-head'

/**
 * The campaign, flight, view, page and the linked-only filter live in the address: a reload keeps the campaign manager's
 * place. Read loosely here and checked by the console's own code, loaded with the page, so none of
 * it rides in every page's script.
 */
export const Route = createFileRoute('/$locale/_staff/ops/applicants')({
  head: () => consoleHead(msg`Applicants`),
  staticData: { consolePage: { capability: 'applicants:select', menu: { label: msg`Applicants`, order: 8 } } },
  validateSearch: v.object({
    campaign: optionalText,
    flight: optionalText,
    view: optionalText,
    page: v.fallback(v.optional(v.number()), undefined),
    linked: optionalText,
  }),
  loaderDeps: ({ search: { campaign, flight, view, page, linked } }) => ({ campaign, flight, view, page, linked }),
  loader: async ({ context, deps, location }) => {
    if (!context.mayOpen) return
    const { loadApplicants } = await import('~/features/ops-applicants/applicants-loader')
    await loadApplicants(context.queryClient, deps, location)
  },
  component: ApplicantsRoute,
})

function ApplicantsRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onSearch = (next: Partial<ApplicantsAddress>) => void navigate({ search: (prev) => ({ ...prev, ...next }) })
  // Linked accounts open on the member page only for those who may read it; the member API checks again.
  const { staff } = Route.useRouteContext()
  const readsMembers = (staff?.capabilities ?? []).includes('members:read')
  return <ApplicantsPage address={applicantsAddressOf(search)} onSearch={onSearch} readsMembers={readsMembers} />
}
