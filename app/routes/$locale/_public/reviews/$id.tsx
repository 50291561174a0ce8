import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '~/lib/page-head'
import { ReviewDetail } from '~/features/reviews/review-page'
import { reviewQuery } from '~/features/reviews/reviews.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_public/reviews/$id')({
  staticData: { pageBackground: true },
  // An unknown or unpublished review: the member API answers NOT_FOUND, which is the 404 page.
  loader: ({ context, params, location }) => loadPageData(context.queryClient, reviewQuery(params.id), location),
  head: ({ match, params }) => {
    const review = match.context.queryClient.getQueryData(reviewQuery(params.id).queryKey)
    if (!review) return pageHead(msg`Review`)
    const { productName: product, title } = review
    return pageHead(msg`${product}: ${title} — review`)
  },
  component: ReviewPage,
})

function ReviewPage() {
  const { id } = Route.useParams()
  return <ReviewDetail id={id} />
}
