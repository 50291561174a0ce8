import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { feedback } from '~/components/ui/feedback-store'
import { formatDate } from '~/lib/date-format'
import { myReferralsQuery } from '~/features/member/member.queries'
import { publicConfigQuery } from '~/lib/public-config'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The member's code, the invitation link that carries it, and the friends who joined with it. */
export function Referrals() {
  const { t, i18n } = useLingui()
  const data = useSuspenseQueryData(myReferralsQuery)
  // The link is whole from the server's first render (the portal's public address), so a member who
  // copies it before the page has started in the browser copies a working link.
  const { publicUrl } = useSuspenseQueryData(publicConfigQuery)
  const link = `${publicUrl}/en/user/register?ref=${encodeURIComponent(data.referralCode)}`
  const points = new Intl.NumberFormat(i18n.locale).format(data.pointsPerReferral)
  const accepted = data.referrals.filter((r) => r.status === 'accepted').length
  const earned = new Intl.NumberFormat(i18n.locale).format(data.referrals.reduce((sum, r) => sum + r.pointsAwarded, 0))

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link)
      feedback.toast({
        severity: 'success',
        summary: t`Link copied`,
        detail: t`Paste it into a message to your friend.`,
      })
    } catch {
      feedback.toast({
        severity: 'warn',
        summary: t`Could not copy`,
        detail: t`Select the link and copy it yourself.`,
      })
    }
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="referral-code-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm">
        <h2 id="referral-code-heading" className="text-lg font-bold text-authentic">
          <Trans>Your referral code</Trans>
        </h2>
        <p className="mt-3 font-mono text-3xl font-bold tracking-widest text-toga-dark" data-testid="referral-code">
          {data.referralCode}
        </p>
        <p className="mt-3 text-ink">
          <Trans>Your friend enters it when they register, or opens your invitation link. You earn {points} points once they finish their first test.</Trans>
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="invitation-link" className="font-medium text-ink">
              {t`Invitation link`}
            </label>
            <input
              id="invitation-link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-line bg-canvas px-3 py-2 text-ink"
            />
          </div>
          <Button type="button" severity="secondary" onClick={copyLink}>
            {t`Copy the link`}
          </Button>
        </div>
      </section>

      <section aria-labelledby="referrals-heading" className="space-y-4">
        <h2 id="referrals-heading" className="text-xl font-bold text-authentic">
          <Trans>Friends who joined</Trans>
        </h2>
        {data.referrals.length === 0 ? (
          <EmptyState title={t`No friends yet`}>
            <Trans>Share your link: friends who register with it appear here, and you see when their first test is done.</Trans>
          </EmptyState>
        ) : (
          <>
            <p className="text-ink" data-testid="referral-summary">
              {t`${data.referrals.length} joined, ${accepted} finished their first test, ${earned} points earned.`}
            </p>
            <ul className="space-y-3">
              {data.referrals.map((referral, index) => {
                const joined = formatDate(referral.joinedAt)
                const number = index + 1
                return (
                  <li key={referral.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-4">
                    <div>
                      <p className="font-semibold text-ink">{t`Friend ${number}`}</p>
                      <p className="text-sm text-muted">{t`Joined ${joined}`}</p>
                    </div>
                    {referral.status === 'accepted' ? (
                      <p className="font-semibold text-verdin">{t`First test done: +${referral.pointsAwarded} points`}</p>
                    ) : (
                      <p className="text-ink">{t`Waiting for their first test`}</p>
                    )}
                  </li>
                )
              })}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}
