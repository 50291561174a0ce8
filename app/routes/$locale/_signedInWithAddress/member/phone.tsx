import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/phone')({
  component: PhonePage,
})

function PhonePage() {
  const { t } = useLingui()
  return <MemberPage title={t`Phone number`} intro={t`Add or change your mobile number. A verified number lets you join campaigns that ask for one.`} />
}
