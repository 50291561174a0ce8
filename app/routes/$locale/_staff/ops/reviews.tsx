import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { ModerationPage, type ModerationSearch } from '~/features/ops-moderation/moderation-page'
import { moderationInputOf } from '~/features/ops-moderation/moderation-search'
import { optionalText } from '~/lib/search-params'
import { consoleHead } from '~/lib/page-head'

const optionalNumber = v.fallback(v.optional(v.number()), undefined)

/**
 * The queue's filters, sort, page and open review live in the address: a reload keeps the
 * moderator's place. Read loosely here and checked by the console's own code, loaded with the page,
 * so none of it rides in every page's script.
 */
export const Route = createFileRoute('/$locale/_staff/ops/reviews')({
  head: () => consoleHead(msg`Moderation queue`),
  staticData: { consolePage: { capability: 'reviews:moderate', menu: { label: msg`Moderation queue`, order: 1 } } },
  validateSearch: v.object({ page: optionalNumber, sort: optionalText, campaign: optionalText, rating: optionalNumber, q: optionalText, review: optionalText }),
  loaderDeps: ({ search: { page, sort, campaign, rating, q } }) => ({ page, sort, campaign, rating, q }),
  loader: async ({ context, deps, location }) => {
    if (!context.mayOpen) return
    const { loadModerationQueue } = await import('~/features/ops-moderation/moderation-loader')
    await loadModerationQueue(context.queryClient, deps, location)
  },
  component: ModerationRoute,
})

function ModerationRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onSearch = (next: Partial<ModerationSearch>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace })
  return <ModerationPage search={{ ...moderationInputOf(search), review: search.review }} onSearch={onSearch} />
}
