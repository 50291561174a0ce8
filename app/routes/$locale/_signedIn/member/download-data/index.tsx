import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/components/member/account-page'
import { MyDataDownloads } from '~/features/member/my-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/download-data/')({
  head: () => pageHead(msg`Download my data`),
  component: DownloadDataPage,
})

function DownloadDataPage() {
  const { t } = useLingui()
  return (
    <AccountPage title={t`Download my data`} intro={t`Everything we hold about you, as a file you can keep: JSON for machines, PDF for people.`}>
      <MyDataDownloads />
    </AccountPage>
  )
}
