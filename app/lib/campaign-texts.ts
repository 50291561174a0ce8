import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Phase } from '#contract/campaigns'

export const phaseLabel: Record<Phase, MessageDescriptor> = {
  upcoming: msg`Opening soon`,
  open: msg`Open for applications`,
  testing: msg`Testing now`,
  completed: msg`Completed`,
}

/** A retail value such as "€14.90", in the member's locale. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100)
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`
  }
}
