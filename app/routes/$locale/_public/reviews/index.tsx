import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_public/reviews/')({
  component: ReviewsPage,
})

function ReviewsPage() {
  const { t } = useLingui()
  return (
    <MemberPage
      title={t`Reviews`}
      intro={t`Honest reviews from members who tested the products at home. Every reviewer received the product for free.`}
    />
  )
}
