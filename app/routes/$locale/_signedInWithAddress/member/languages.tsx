import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/languages')({
  component: LanguagesPage,
})

function LanguagesPage() {
  const { t } = useLingui()
  return <MemberPage title={t`Languages`} intro={t`The languages you speak, so we can offer you campaigns you can take part in.`} />
}
