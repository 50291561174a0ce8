import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/components/member/member-page'
import { WriteReview } from '~/features/review-writing/write-review-page'
import { rcProductQuery } from '~/features/review-writing/review-writing.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/products/$id/reviews/$campaignId')({
  head: () => pageHead(msg`Write your review`),
  loader: ({ context, location, params }) => loadPageData(context.queryClient, rcProductQuery(params.id, params.campaignId), location),
  component: WriteReviewPage,
})

function WriteReviewPage() {
  const { t } = useLingui()
  const { id, campaignId } = Route.useParams()
  return (
    <MemberPage title={t`Write your review`} intro={t`Tell other shoppers what you honestly think of the product you tested.`}>
      <WriteReview productId={id} campaignId={campaignId} />
    </MemberPage>
  )
}
