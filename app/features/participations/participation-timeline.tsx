import { useLingui } from '@lingui/react/macro'
import { Check } from 'lucide-react'
import type { Participation } from '#contract/participations'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/date-format'
import { timelineOf } from '~/lib/participation-steps'
import { stepLabel } from '~/lib/participation-texts'

/** The steps of a participation, from application to completion, with their dates. */
export function ParticipationTimeline({ participation }: { participation: Participation }) {
  const { t, i18n } = useLingui()
  const steps = timelineOf(participation)
  return (
    <ol className="flex flex-col" data-testid="participation-timeline">
      {steps.map((step, i) => {
        const last = i === steps.length - 1
        const date = step.at ? formatDate(step.at) : null
        return (
          <li key={step.key} className="relative flex gap-4 pb-6 last:pb-0" aria-current={step.state === 'current' ? 'step' : undefined}>
            {!last && (
              <span
                aria-hidden="true"
                className={cn('absolute top-8 left-[0.9375rem] h-[calc(100%-2rem)] w-0.5', step.state === 'done' ? 'bg-verdin' : 'bg-line')}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'relative flex size-8 shrink-0 items-center justify-center rounded-full border-2',
                step.state === 'done' && 'border-verdin bg-verdin text-white',
                step.state === 'current' && 'border-toga bg-white',
                step.state === 'upcoming' && 'border-line bg-white',
              )}
            >
              {step.state === 'done' ? <Check className="size-4" /> : step.state === 'current' ? <span className="size-2.5 rounded-full bg-toga" /> : null}
            </span>
            <div className="pt-1">
              <p className={cn('font-semibold', step.state === 'upcoming' ? 'text-muted' : 'text-ink')}>
                {i18n._(stepLabel[step.key])}
                <span className="sr-only"> {step.state === 'done' ? t`(done)` : step.state === 'current' ? t`(where you are now)` : t`(still to come)`}</span>
              </p>
              {date && <p className="text-sm text-muted">{date}</p>}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
