import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/campaigns/$id/sc_impressions')({
  component: SocialImpressionsPage,
})

function SocialImpressionsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Social posts and impressions`} intro={t`Share the links to your posts about this product, then tell us how many people they reached.`} />
}
