import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/member/account-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/preferences')({
  component: PreferencesPage,
})

function PreferencesPage() {
  const { t } = useLingui()
  return <AccountPage title={t`Preferences`} intro={t`Your interests and household, so we can match you with products that fit your life.`} />
}
