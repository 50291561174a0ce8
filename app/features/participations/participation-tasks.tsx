import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2, Circle } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Participation } from '#contract/participations'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/date-format'
import { ackPurchaseIntentFn, ackQuestionnaireFn } from '~/features/participations/participations.functions'
import { unwrap } from '~/upstream/upstream-result'
import { canWriteReview, tasksOf, type Task } from '~/lib/participation-steps'
import { taskText } from '~/lib/participation-texts'
import { platformLabel } from '~/lib/social-texts'
import { campaignParticipationsQuery, participationsQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'

/** Puts an updated participation in the caches that show it. */
export function useParticipationUpdate(campaignId: string) {
  const queryClient = useQueryClient()
  return async (updated: Participation) => {
    queryClient.setQueryData(campaignParticipationsQuery(campaignId).queryKey, (list) =>
      list ? { items: list.items.map((p) => (p.id === updated.id ? updated : p)) } : list,
    )
    await queryClient.invalidateQueries({ queryKey: participationsQuery.queryKey, exact: true })
    // The campaign pages keep the same participations under their own key (app/queries/campaigns.ts).
  }
}

/** A selected tester's tasks as a checklist with progress. */
export function ParticipationTasks({ participation: p }: { participation: Participation }) {
  const { t } = useLingui()
  const tasks = tasksOf(p)
  const done = tasks.filter((task) => task.doneAt !== null).length
  const percent = tasks.length === 0 ? 100 : Math.round((done / tasks.length) * 100)
  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <p className="font-semibold text-ink" id="task-progress-label">
          {t`${done} of ${tasks.length} tasks done`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="task-progress-label"
        aria-valuemin={0}
        aria-valuemax={tasks.length}
        aria-valuenow={done}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-verdin transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ul className="mt-5 flex flex-col gap-3">
        {tasks.map((task) => (
          <TaskItem key={task.key} task={task} participation={p} />
        ))}
      </ul>
    </div>
  )
}

function TaskItem({ task, participation: p }: { task: Task; participation: Participation }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const update = useParticipationUpdate(p.campaignId)
  const ack = useMutation({
    mutationFn: async (which: 'questionnaire' | 'purchase-intent') =>
      unwrap(await (which === 'questionnaire' ? ackQuestionnaireFn : ackPurchaseIntentFn)({ data: { participationId: p.id } })),
    onSuccess: async (updated, which) => {
      await update(updated)
      feedback.toast({
        severity: 'success',
        summary: which === 'questionnaire' ? t`Questionnaire acknowledged` : t`Purchase intent confirmed`,
        detail: which === 'questionnaire' ? t`Thank you. Please answer it before your review is due.` : t`Buy the product, try it, then write your review.`,
      })
    },
  })
  const text = taskText[task.key]
  const doneOn = task.doneAt ? formatDate(task.doneAt) : null
  const titleId = `task-${task.key}`

  // The platforms a campaign's social posts go on, when it names them: "Instagram or TikTok".
  const asked = task.key === 'social-posts' ? p.campaign.tasks.socialPlatforms : []
  const platforms =
    asked.length > 0
      ? new Intl.ListFormat(i18n.locale, { style: 'long', type: 'disjunction' }).format(asked.map((platform) => i18n._(platformLabel[platform])))
      : null

  let action: ReactNode = null
  if (task.key === 'questionnaire' && !task.doneAt) {
    action = (
      <Button size="small" loading={ack.isPending} onClick={() => !ack.isPending && ack.mutate('questionnaire')}>
        {t`Acknowledge questionnaire`}
      </Button>
    )
  } else if (task.key === 'purchase-intent' && !task.doneAt) {
    action = (
      <Button size="small" loading={ack.isPending} onClick={() => !ack.isPending && ack.mutate('purchase-intent')}>
        {t`Confirm purchase intent`}
      </Button>
    )
  } else if (task.key === 'review') {
    if (canWriteReview(p)) {
      action = (
        <Button asChild size="small">
          <Link to="/$locale/products/$id/reviews/$campaignId" params={{ locale, id: p.campaign.productId, campaignId: p.campaignId }}>
            {p.review?.status === 'rejected' ? t`Revise my review` : t`Write my review`}
          </Link>
        </Button>
      )
    } else if (p.review?.status === 'pending') {
      action = <span className="text-sm font-semibold text-ink">{t`Waiting for moderation`}</span>
    } else if (p.review?.status === 'published') {
      action = (
        <Button asChild size="small" severity="secondary">
          <Link to="/$locale/reviews/$id" params={{ locale, id: p.review.id }}>
            {t`Read my review`}
          </Link>
        </Button>
      )
    } else if (!task.doneAt) {
      action = <span className="text-sm text-muted">{t`Open once the product has arrived`}</span>
    }
  } else if (task.key === 'social-posts' || (task.key === 'impressions' && p.tasks.socialSubmittedAt)) {
    action = (
      <Button asChild size="small" severity={task.doneAt ? 'secondary' : 'primary'}>
        <Link to="/$locale/member/campaigns/$id/sc_impressions" params={{ locale, id: p.campaignId }} aria-describedby={titleId}>
          {task.key === 'social-posts' ? (task.doneAt ? t`Add more links` : t`Share post links`) : task.doneAt ? t`Report again` : t`Report impressions`}
        </Link>
      </Button>
    )
  } else if (task.key === 'impressions') {
    action = <span className="text-sm text-muted">{t`Open once you shared a post link`}</span>
  }

  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center',
        task.doneAt ? 'border-verdin/40 bg-[#f1f8f4]' : 'border-line bg-white',
      )}
      data-testid={`task-${task.key}`}
    >
      <div className="flex flex-1 gap-3">
        {task.doneAt ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-verdin" aria-hidden="true" />
        ) : (
          <Circle className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
        )}
        <div>
          <h3 id={titleId} className="font-semibold text-ink">
            {i18n._(text.title)}
            <span className="sr-only"> {task.doneAt ? t`(done)` : t`(to do)`}</span>
          </h3>
          <p className="mt-0.5 text-sm text-muted">{i18n._(text.description)}</p>
          {platforms && <p className="mt-0.5 text-sm text-muted">{t`On ${platforms}.`}</p>}
          {doneOn && <p className="mt-1 text-sm font-semibold text-[#12402f]">{t`Done on ${doneOn}`}</p>}
        </div>
      </div>
      {action && <div className="shrink-0 sm:ml-4">{action}</div>}
    </li>
  )
}
