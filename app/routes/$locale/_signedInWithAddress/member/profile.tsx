import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/profile')({
  component: ProfilePage,
})

function ProfilePage() {
  const { t } = useLingui()
  return <MemberPage title={t`My profile`} intro={t`Your name, birth date and the details brands see when they choose testers.`} />
}
