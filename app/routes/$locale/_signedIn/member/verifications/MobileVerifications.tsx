import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FormAlert } from '~/components/ui/field'
import { AccountPage } from '~/components/member/account-page'
import { PhoneNumberForm } from '~/features/member/phone-verification'
import { VerificationStatus } from '~/components/member/verification-status'
import { loadPageData } from '~/upstream/load-page-data'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { localePath } from '~/lib/locale'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Where the code step (/en/user/verify-phone) sends the member back to. */
const HERE = localePath('/member/verifications/MobileVerifications')

export const Route = createFileRoute('/$locale/_signedIn/member/verifications/MobileVerifications')({
  head: () => pageHead(msg`Mobile verification`),
  loader: ({ context, location }) => loadPageData(context.queryClient, memberInfoQuery, location),
  component: MobileVerificationPage,
})

function MobileVerificationPage() {
  const { t } = useLingui()
  const { member } = useSuspenseQueryData(memberInfoQuery)
  return (
    <AccountPage
      title={t`Mobile verification`}
      intro={t`Your mobile number and whether it is verified. Some tests are only open to members with a verified number.`}
    >
      <>
        {member.phone ? (
          <VerificationStatus label={t`Your mobile number`} value={member.phone} verified={member.phoneVerified} />
        ) : (
          <div className="mb-6 max-w-xl">
            <FormAlert tone="info">{t`There is no mobile number on your account yet.`}</FormAlert>
          </div>
        )}
        <h2 className="mb-4 text-xl font-semibold text-authentic">
          {member.phone && member.phoneVerified ? t`Replace your number` : t`Verify a mobile number`}
        </h2>
        <PhoneNumberForm redirect={HERE} showStatus={false} />
      </>
    </AccountPage>
  )
}
