import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { MemberRecordPage } from '~/features/ops-members/member-record-page'
import { optionalText } from '~/lib/search-params'
import { msg } from '@lingui/core/macro'
import { consoleHead } from '~/lib/page-head'

/** A member's record for support; ?q= is the search it was opened from, for the way back. */
export const Route = createFileRoute('/$locale/_staff/ops/members/$memberId')({
  staticData: { consolePage: { capability: 'members:read' } },
  validateSearch: v.object({ q: optionalText }),
  loader: async ({ context, params, location }) => {
    if (!context.mayOpen) return
    const { loadOpsMember } = await import('~/features/ops-members/members-loader')
    return loadOpsMember(context.queryClient, params.memberId, location)
  },
  head: ({ loaderData }) => {
    const member = loaderData?.subject
    return consoleHead(member ? msg`${member} — member` : msg`Member`)
  },
  component: MemberRoute,
})

function MemberRoute() {
  const { memberId } = Route.useParams()
  const { q } = Route.useSearch()
  // The staff person's capabilities come with the console's guard; the member API checks every call again.
  const { staff } = Route.useRouteContext()
  const capabilities = staff?.capabilities ?? []
  return (
    <MemberRecordPage
      memberId={memberId}
      searched={q}
      abilities={{ act: capabilities.includes('members:act'), seeContact: capabilities.includes('members:contact') }}
    />
  )
}
