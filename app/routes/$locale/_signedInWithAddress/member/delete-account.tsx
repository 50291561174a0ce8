import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/delete-account')({
  component: DeleteAccountPage,
})

function DeleteAccountPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Delete account`} intro={t`Deleting your account removes your personal data for good. Your published reviews stay online under "Former member".`} />
}
