import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { DeletionReceipt } from '#contract/members'
import { AccountPage } from '~/components/member/account-page'
import { DeleteAccount } from '~/features/member/delete-account'
import { DeletionReceiptView } from '~/features/member/deletion-receipt'
import { MemberPage } from '~/components/member/member-page'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedInWithAddress/member/delete-account')({
  head: () => pageHead(msg`Delete my account`),
  component: DeleteAccountPage,
})

function DeleteAccountPage() {
  const { t } = useLingui()
  // Shown once, in place of the page: after the deletion the member is signed out, and the account
  // pages (and their navigation) are no longer theirs.
  const [receipt, setReceipt] = useState<DeletionReceipt | null>(null)
  if (receipt) {
    return (
      <MemberPage title={t`Account deleted`} intro={t`Your personal data is gone and you are signed out everywhere. We are sorry to see you go.`}>
        <DeletionReceiptView receipt={receipt} />
      </MemberPage>
    )
  }
  return (
    <AccountPage
      title={t`Delete my account`}
      intro={t`Deleting your account removes your personal data for good. Your published reviews stay online under "Former member".`}
    >
      <DeleteAccount onDeleted={setReceipt} />
    </AccountPage>
  )
}
