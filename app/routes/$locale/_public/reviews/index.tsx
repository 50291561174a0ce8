import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CategorySchema, Uuid } from '#contract/common'
import { ReviewsList } from '~/features/reviews/reviews-page'
import { reviewListInput } from '~/features/reviews/review-filter'
import { MemberPage } from '~/components/member/member-page'
import { reviewListQuery } from '~/features/reviews/reviews.queries'
import { loadOptionalData, loadPageData } from '~/upstream/load-page-data'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { msg } from '@lingui/core/macro'
import { publicPageHead, publicUrlOf } from '~/lib/page-head'
import { reviewData } from '~/lib/structured-data'

/** Typed search params; a bad value falls back to "no filter" / the first page instead of an error. */
const ReviewsSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))), undefined),
  category: v.fallback(v.optional(CategorySchema), undefined),
  rating: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))), undefined),
  after: v.fallback(v.optional(Uuid), undefined),
  before: v.fallback(v.optional(Uuid), undefined),
})

/**
 * The list's address for search engines: a category and a page of it are content of their own;
 * the star filter only narrows what is listed there, so it is left out.
 */
function reviewsCanonicalPath(search: v.InferOutput<typeof ReviewsSearchSchema>): string {
  const query = new URLSearchParams()
  for (const key of ['category', 'page', 'after', 'before'] as const) {
    const value = search[key]
    if (value !== undefined) query.set(key, String(value))
  }
  const rest = query.toString()
  return rest ? `/en/reviews?${rest}` : '/en/reviews'
}

export const Route = createFileRoute('/$locale/_public/reviews/')({
  validateSearch: ReviewsSearchSchema,
  loaderDeps: ({ search }) => reviewListInput(search),
  loader: ({ context, deps, location }) =>
    Promise.all([loadPageData(context.queryClient, reviewListQuery(deps), location), loadOptionalData(context.queryClient, categoriesQuery, location)]),
  head: ({ match }) => {
    const queryClient = match.context.queryClient
    const listed = queryClient.getQueryData(reviewListQuery(reviewListInput(match.search)).queryKey)?.items ?? []
    const origin = publicUrlOf(queryClient)
    return publicPageHead(queryClient, {
      title: msg`Reviews`,
      description: msg`Honest reviews from members who tested the products at home. Every review says how the tester got the product.`,
      canonicalPath: reviewsCanonicalPath(match.search),
      structuredData: listed.map((review) => reviewData(origin, review)),
    })
  },
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
