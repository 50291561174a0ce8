import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/preferences')({
  component: PreferencesPage,
})

function PreferencesPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Preferences`} intro={t`Your interests and household, so we can match you with products that fit your life.`} />
}
