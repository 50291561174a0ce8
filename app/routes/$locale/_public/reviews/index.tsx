import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CategorySchema, Uuid } from '#contract/common'
import { reviewListInput, ReviewsList } from '~/features/reviews/reviews-page'
import { MemberPage } from '~/components/member/member-page'
import { reviewListQuery } from '~/features/reviews/reviews.queries'
import { loadOptionalData, loadPageData } from '~/upstream/load-page-data'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

/** Typed search params; a bad value falls back to "no filter" / the first page instead of an error. */
const ReviewsSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))), undefined),
  category: v.fallback(v.optional(CategorySchema), undefined),
  rating: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))), undefined),
  after: v.fallback(v.optional(Uuid), undefined),
  before: v.fallback(v.optional(Uuid), undefined),
})

export const Route = createFileRoute('/$locale/_public/reviews/')({
  head: () => pageHead(msg`Reviews`),
  validateSearch: ReviewsSearchSchema,
  loaderDeps: ({ search }) => reviewListInput(search),
  loader: ({ context, deps, location }) =>
    Promise.all([loadPageData(context.queryClient, reviewListQuery(deps), location), loadOptionalData(context.queryClient, categoriesQuery, location)]),
  component: ReviewsPage,
})

function ReviewsPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  return (
    <MemberPage title={t`Reviews`} intro={t`Honest reviews from members who tested the products at home. Every review says how the tester got the product.`}>
      <ReviewsList search={search} />
    </MemberPage>
  )
}
