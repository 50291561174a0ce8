import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { NotificationSettingsForm } from '~/features/member/notification-settings'
import { notificationsQuery } from '~/features/member/member.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/notifications')({
  head: () => pageHead(msg`Notifications`),
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
