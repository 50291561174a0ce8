import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { MODERATION_SORTS } from '#contract/staff'
import { ModerationPage, type ModerationSearch } from '~/features/ops-moderation/moderation-page'
import { moderationQueueQuery } from '~/features/ops-moderation/moderation.queries'
import { optionalText } from '~/lib/search-params'
import { loadPageData } from '~/upstream/load-page-data'

/** The queue's filters, sort, page and open review live in the address: a reload keeps the moderator's place. */
const ModerationSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
  sort: v.fallback(v.optional(v.picklist(MODERATION_SORTS), 'oldest'), 'oldest'),
  campaign: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))), undefined),
  rating: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))), undefined),
  q: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), undefined),
  review: optionalText,
})

export const Route = createFileRoute('/$locale/_staff/ops/reviews')({
  validateSearch: ModerationSearchSchema,
  loaderDeps: ({ search: { page, sort, campaign, rating, q } }) => ({ page, sort, campaign, rating, q }),
  loader: ({ context, deps, location }) => (context.staff ? loadPageData(context.queryClient, moderationQueueQuery(deps), location) : undefined),
  component: ModerationRoute,
})

function ModerationRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onSearch = (next: Partial<ModerationSearch>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace })
  return <ModerationPage search={search as ModerationSearch} onSearch={onSearch} />
}
