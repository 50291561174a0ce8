import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MemberPage } from '~/features/member/member-page'

export const Route = createFileRoute('/$locale/_signedIn/member/download-data/profile-pdf')({
  staticData: { layout: 'pdf-layout' },
  component: ProfilePdfPage,
})

function ProfilePdfPage() {
  const { t } = useLingui()
  return <MemberPage title={t`My data`} intro={t`A printable summary of everything we hold about you.`} />
}
