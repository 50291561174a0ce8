import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { NotificationSettingsForm } from '~/features/member/notification-settings'
import { notificationsQuery } from '~/features/member/member.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/notifications')({
  loader: ({ context, location }) => loadPageData(context.queryClient, notificationsQuery, location),
  component: NotificationsPage,
})

function NotificationsPage() {
  const { t } = useLingui()
  return (
    <AccountPage title={t`Notifications`} intro={t`Choose which messages you receive by e-mail and by text message.`}>
      <NotificationSettingsForm />
    </AccountPage>
  )
}
