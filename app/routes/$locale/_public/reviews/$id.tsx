import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_public/reviews/$id')({
  staticData: { pageBackground: true },
  component: ReviewPage,
})

function ReviewPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Review`} intro={t`A tester's full review, and the product they tested.`} />
}
