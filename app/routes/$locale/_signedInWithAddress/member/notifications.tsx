import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/notifications')({
  component: NotificationsPage,
})

function NotificationsPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Notifications`} intro={t`Choose which messages you receive by e-mail and by text message.`} />
}
