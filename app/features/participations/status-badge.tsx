import { useLingui } from '@lingui/react/macro'
import type { ParticipationStatus } from '#contract/participations'
import { cn } from '~/lib/cn'
import { statusLabel } from '~/lib/participation-texts'

// Dark text on light tints: each pair keeps a contrast above 4.5:1.
const look: Record<ParticipationStatus, string> = {
  applied: 'bg-authentic-soft text-authentic',
  selected: 'bg-[#e7f4ee] text-[#12402f]',
  waitlisted: 'bg-[#fff3e0] text-[#6b3900]',
  'not-eligible': 'bg-[#f1f2f4] text-ink',
  'not-selected': 'bg-[#f1f2f4] text-ink',
  shipped: 'bg-[#eaf0fb] text-[#1a3366]',
  delivered: 'bg-[#eaf0fb] text-[#1a3366]',
  reviewed: 'bg-[#f0ebfa] text-[#3f2877]',
  completed: 'bg-[#e7f4ee] text-[#12402f]',
  withdrawn: 'bg-[#f1f2f4] text-ink',
}

export function ParticipationStatusBadge({ status, className }: { status: ParticipationStatus; className?: string }) {
  const { i18n } = useLingui()
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold', look[status], className)}>{i18n._(statusLabel[status])}</span>
}
