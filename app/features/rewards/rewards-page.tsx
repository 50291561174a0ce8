import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Gift } from 'lucide-react'
import { useRef, useState } from 'react'
import type { Redemption, RewardId } from '#contract/rewards'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { MemberPage } from '~/components/member/member-page'
import { formatDate } from '~/lib/date-format'
import { redemptionsQuery, rewardsQuery } from '~/features/rewards/rewards.queries'
import { redeemRewardFn } from '~/features/rewards/redeem.functions'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { formatMoney } from './reward-texts'

export function RewardsPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const rewards = useSuspenseQuery(rewardsQuery)
  const redemptions = useSuspenseQuery(redemptionsQuery)
  const [latest, setLatest] = useState<Redemption | null>(null)
  // One request id per click on a reward: a repeated click or a retry never redeems twice.
  const pending = useRef<{ rewardId: RewardId; requestId: string } | null>(null)

  const redeem = useMutation({
    mutationFn: async (request: { rewardId: RewardId; requestId: string }) => unwrap(await redeemRewardFn({ data: request })),
    onSuccess: async (result) => {
      setLatest(result.redemption)
      queryClient.setQueryData(rewardsQuery.queryKey, (current) => (current ? { ...current, balance: result.balance } : current))
      feedback.toast({ severity: 'success', summary: t`Reward redeemed`, detail: t`Your discount code is ready below.` })
      // The balance everywhere follows by itself (every change refreshes it: app/router.tsx).
      await queryClient.invalidateQueries({ queryKey: redemptionsQuery.queryKey })
    },
    onSettled: (_data, error) => {
      // Keep the id when the outcome is unknown (timeout, network): a retry must not redeem twice.
      const known = !error || (isUpstreamError(error) && error.failure.kind === 'rejected')
      if (known) pending.current = null
    },
  })

  function redeemReward(rewardId: RewardId) {
    if (redeem.isPending) return
    if (pending.current?.rewardId !== rewardId) pending.current = { rewardId, requestId: crypto.randomUUID() }
    redeem.mutate(pending.current)
  }

  return (
    <MemberPage title={t`Rewards`} intro={t`Turn your points into discount codes for the partner shop.`}>
      {rewards.data && (
        <>
          <p className="text-lg text-ink">
            <Trans>
              You have <strong data-testid="rewards-balance">{rewards.data.balance}</strong> points.
            </Trans>
          </p>
          {latest && (
            <div className="mt-6">
              <FormAlert tone="success">
                <Trans>
                  Your code for {formatMoney(i18n.locale, latest.valueCents, latest.currency)}:{' '}
                  <strong className="font-mono text-lg" data-testid="latest-code">
                    {latest.code}
                  </strong>
                  . Enter it at checkout in the partner shop.
                </Trans>
              </FormAlert>
            </div>
          )}
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {rewards.data.rewards.map((reward) => {
              const missing = reward.points - rewards.data.balance
              const value = formatMoney(i18n.locale, reward.valueCents, reward.currency)
              return (
                <li key={reward.id} className="flex flex-col rounded-2xl border border-line bg-white p-6">
                  <Gift className="size-8 text-toga" aria-hidden="true" />
                  <h2 className="mt-3 text-xl font-bold text-authentic">{t`${value} voucher`}</h2>
                  <p className="mt-1 text-muted">{t`${reward.points} points`}</p>
                  <div className="mt-auto pt-5">
                    <Button
                      className="w-full"
                      aria-label={t`Redeem ${reward.points} points for a ${value} voucher`}
                      loading={redeem.isPending && redeem.variables?.rewardId === reward.id}
                      // The pressed button only shows it is busy (it keeps focus); the others wait.
                      disabled={missing > 0 || (redeem.isPending && redeem.variables?.rewardId !== reward.id)}
                      onClick={() => redeemReward(reward.id)}
                    >
                      {t`Redeem`}
                    </Button>
                    {missing > 0 && <p className="mt-2 text-center text-sm text-muted">{t`${missing} more points needed`}</p>}
                  </div>
                </li>
              )
            })}
          </ul>
        </>
      )}

      <section aria-labelledby="codes-heading" className="mt-10">
        <h2 id="codes-heading" className="text-xl font-bold text-authentic">
          <Trans>Your codes</Trans>
        </h2>
        {redemptions.data.redemptions.length === 0 && <p className="mt-3 text-muted">{t`You have not redeemed any points yet.`}</p>}
        {redemptions.data.redemptions.length > 0 && (
          <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-white">
            {redemptions.data.redemptions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <span className="font-mono font-semibold text-ink">{r.code}</span>
                <span className="text-muted">
                  {formatMoney(i18n.locale, r.valueCents, r.currency)} · {formatDate(r.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </MemberPage>
  )
}
