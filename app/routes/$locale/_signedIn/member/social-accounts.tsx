import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/social-accounts')({
  component: SocialAccountsPage,
})

function SocialAccountsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Social accounts`} intro={t`Connect the social profiles you post from. Some campaigns look for testers with an audience.`} />
}
