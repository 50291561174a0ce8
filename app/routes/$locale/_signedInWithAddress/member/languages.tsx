import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/member/account-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/languages')({
  component: LanguagesPage,
})

function LanguagesPage() {
  const { t } = useLingui()
  return <AccountPage title={t`Languages`} intro={t`The languages you speak, so we can offer you campaigns you can take part in.`} />
}
