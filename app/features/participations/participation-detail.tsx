import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import type { Participation } from '#contract/participations'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { IneligibleReasons } from '~/components/member/eligibility-reasons'
import { formatDate } from '~/lib/date-format'
import { withdrawParticipationFn } from '~/features/participations/participations.functions'
import { unwrap } from '~/upstream/upstream-result'
import { NextStep } from './next-step'
import { ProductThumb } from '~/components/catalogue/product-thumb'
import { canWithdraw, currentParticipation, hasTasks } from '~/lib/participation-steps'
import { ParticipationTasks, useParticipationUpdate } from './participation-tasks'
import { ParticipationTimeline } from './participation-timeline'
import { ParticipationStatusBadge } from './status-badge'
import { campaignParticipationsQuery, profileQuery, shipmentsQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'

/** One campaign as the member lives it: where they stand, the timeline, their tasks, and withdrawal. */
export function ParticipationDetail({ campaignId }: { campaignId: string }) {
  const locale = useLocale()
  const { t } = useLingui()
  const participations = useSuspenseQuery(campaignParticipationsQuery(campaignId))
  const back = useLocation({ select: (location) => location.href })

  const p = currentParticipation(participations.data.items)
  if (!p) {
    return (
      <div className="rounded-2xl border border-line bg-canvas p-6">
        <p className="text-ink">{t`You have not applied for this campaign yet.`}</p>
        <Button asChild className="mt-4">
          <Link to="/$locale/ready-to-test/$id" params={{ locale, id: campaignId }}>
            {t`See the campaign`}
          </Link>
        </Button>
      </div>
    )
  }

  const dueOn = formatDate(p.reviewDueAt)
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="summary-heading" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <div className="flex gap-4">
          <ProductThumb imageUrl={p.campaign.imageUrl} className="size-20 shrink-0 sm:size-24" />
          <div className="min-w-0 flex-1">
            <h2 id="summary-heading" className="text-lg font-semibold text-ink">
              {p.campaign.productName}
            </h2>
            <p className="text-sm text-muted">
              {p.campaign.brand} · {p.flightName}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <ParticipationStatusBadge status={p.status} />
              {hasTasks(p) && p.status !== 'completed' && <span className="text-sm text-ink">{t`Review due ${dueOn}`}</span>}
            </div>
          </div>
        </div>
        <div className="mt-5 border-t border-line pt-4">
          <NextStep participation={p} showDetailsLink={false} />
        </div>
        {p.campaign.kind === 'verified-purchase' && p.status !== 'not-eligible' && p.status !== 'not-selected' && p.status !== 'withdrawn' && (
          <PayoutReminder back={back} />
        )}
        {p.status === 'not-eligible' && p.ineligibleReasons.length > 0 && (
          <div className="mt-4">
            <h3 className="font-semibold text-ink">{t`Why you were not eligible`}</h3>
            <div className="mt-2 text-ink">
              <IneligibleReasons reasons={p.ineligibleReasons} back={back} />
            </div>
            <p className="mt-3 text-ink">
              <Trans>
                Once you have changed this, you can apply again while sign-up is open:{' '}
                <Link to="/$locale/ready-to-test/$id" params={{ locale, id: campaignId }} className="font-semibold text-colbolt underline">
                  see the campaign
                </Link>
                .
              </Trans>
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="text-xl font-bold text-authentic">
          <Trans>Your journey</Trans>
        </h2>
        <div className="mt-4">
          <ParticipationTimeline participation={p} />
        </div>
      </section>

      <section aria-labelledby="tasks-heading" id="tasks">
        <h2 id="tasks-heading" className="text-xl font-bold text-authentic">
          <Trans>Your tasks</Trans>
        </h2>
        <div className="mt-4">
          {!hasTasks(p) ? (
            <p className="text-ink">{t`Your tasks appear here once you are selected for this test.`}</p>
          ) : (
            <ParticipationTasks participation={p} />
          )}
        </div>
      </section>

      {canWithdraw(p) && <WithdrawSection participation={p} />}
    </div>
  )
}

/** A verified purchase is reimbursed to the member's payout details: while none are saved, ask for them. */
function PayoutReminder({ back }: { back: string }) {
  const locale = useLocale()
  const { data } = useQuery(profileQuery)
  if (!data || data.payout !== null) return null
  return (
    <div className="mt-4">
      <FormAlert tone="info">
        <Trans>
          Tell us where to send your reimbursement.{' '}
          <Link to="/$locale/member/payments" params={{ locale }} search={{ redirect: back }} className="font-semibold underline">
            Add your payout details
          </Link>
        </Trans>
      </FormAlert>
    </div>
  )
}

function WithdrawSection({ participation: p }: { participation: Participation }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const update = useParticipationUpdate(p.campaignId)
  const withdraw = useMutation({
    mutationFn: async () => unwrap(await withdrawParticipationFn({ data: { campaignId: p.campaignId, participationId: p.id } })),
    onSuccess: async (updated) => {
      await update(updated)
      await queryClient.invalidateQueries({ queryKey: shipmentsQuery.queryKey })
      feedback.toast({ severity: 'success', summary: t`You withdrew`, detail: t`Your place goes to the next member on the waitlist.` })
    },
  })

  function confirmWithdrawal() {
    if (withdraw.isPending) return
    feedback.confirm({
      header: t`Withdraw from this test?`,
      message: t`You give up your place in "${p.campaign.title}". If the flight is full, the next member on the waitlist takes it. You cannot undo this.`,
      acceptLabel: t`Withdraw`,
      rejectLabel: t`Keep my place`,
      closable: true,
      onAccept: () => withdraw.mutate(),
    })
  }

  return (
    <section aria-labelledby="withdraw-heading" className="rounded-2xl border border-line bg-canvas p-5 sm:p-6">
      <h2 id="withdraw-heading" className="text-xl font-bold text-authentic">
        <Trans>Changed your mind?</Trans>
      </h2>
      <p className="mt-2 text-ink">
        {p.campaign.kind === 'verified-purchase' ? (
          <Trans>You can withdraw until you submit your review. Your place then goes to someone on the waitlist.</Trans>
        ) : (
          <Trans>You can withdraw until your product ships. Your place then goes to someone on the waitlist.</Trans>
        )}
      </p>
      <Button className="mt-4" severity="danger" variant="outlined" loading={withdraw.isPending} onClick={confirmWithdrawal}>
        {t`Withdraw from this test`}
      </Button>
    </section>
  )
}
