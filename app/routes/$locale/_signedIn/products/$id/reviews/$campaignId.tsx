import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/products/$id/reviews/$campaignId')({
  component: WriteReviewPage,
})

function WriteReviewPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Write your review`} intro={t`Tell other shoppers what you honestly think of the product you tested.`} />
}
