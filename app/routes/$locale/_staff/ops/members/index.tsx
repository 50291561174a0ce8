import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { memberSearchOf, searchTextOf } from '~/features/ops-members/members-search'
import { MembersPage } from '~/features/ops-members/members-page'
import { consoleHead } from '~/lib/page-head'

/**
 * The member search lives in the address (?q=, ?page=): a reload or a shared link keeps it. Read
 * loosely here (a referral code of digits arrives as a number) and checked by the console's own
 * code, loaded with the page.
 */
export const Route = createFileRoute('/$locale/_staff/ops/members/')({
  head: () => consoleHead(msg`Members`),
  staticData: { consolePage: { capability: 'members:read', menu: { label: msg`Members`, order: 4 } } },
  validateSearch: v.object({
    q: v.fallback(v.optional(v.union([v.string(), v.number()])), undefined),
    page: v.fallback(v.optional(v.number()), undefined),
  }),
  loaderDeps: ({ search: { q, page } }) => ({ q, page }),
  loader: async ({ context, deps, location }) => {
    if (!context.mayOpen) return
    const { loadMemberSearch } = await import('~/features/ops-members/members-loader')
    await loadMemberSearch(context.queryClient, deps, location)
  },
  component: MembersRoute,
})

function MembersRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return <MembersPage text={searchTextOf(search)} input={memberSearchOf(search)} onSearch={(next) => void navigate({ search: next })} />
}
