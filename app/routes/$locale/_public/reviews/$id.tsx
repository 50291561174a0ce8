import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { i18n } from '~/i18n/i18n'
import { cardImageOf, pageHead, publicPageHead, publicUrlOf, summaryOf } from '~/lib/page-head'
import { breadcrumbData, reviewData } from '~/lib/structured-data'
import { publicReviewPhotoSrc } from '~/components/catalogue/review-photo-src'
import { ReviewDetail } from '~/features/reviews/review-page'
import { reviewQuery } from '~/features/reviews/reviews.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_public/reviews/$id')({
  staticData: { pageBackground: true },
  // An unknown or unpublished review: the member API answers NOT_FOUND, which is the 404 page.
  loader: ({ context, params, location }) => loadPageData(context.queryClient, reviewQuery(params.id), location),
  head: ({ match, params }) => {
    const queryClient = match.context.queryClient
    const review = queryClient.getQueryData(reviewQuery(params.id).queryKey)
    if (!review) return pageHead(msg`Review`)
    const { productName: product, title, rating } = review
    const excerpt = summaryOf(review.body, 130)
    const origin = publicUrlOf(queryClient)
    return publicPageHead(queryClient, {
      title: msg`${product}: ${title} — review`,
      description: msg`${rating} out of 5 stars. ${excerpt}`,
      canonicalPath: `/en/reviews/${review.id}`,
      type: 'article',
      // The review's first photo; without one, the product's image.
      image: review.firstPhoto
        ? {
            path: publicReviewPhotoSrc(review.firstPhoto.id, 'display'),
            width: review.firstPhoto.width,
            height: review.firstPhoto.height,
            alt: review.firstPhoto.alt,
          }
        : cardImageOf(review.productImage ? [review.productImage] : []),
      structuredData: [
        reviewData(origin, review, review.productIdentifiers),
        breadcrumbData(origin, [
          { name: i18n._(msg`Home`), path: '/en' },
          { name: i18n._(msg`Reviews`), path: '/en/reviews' },
          { name: title, path: `/en/reviews/${review.id}` },
        ]),
      ],
    })
  },
  component: ReviewPage,
})

function ReviewPage() {
  const { id } = Route.useParams()
  return <ReviewDetail id={id} />
}
