import { msg } from '@lingui/core/macro'
import { i18n } from '~/i18n/i18n'
import { ERROR_TOAST_LIFE_MS, feedback } from './feedback-store'

/** The default error toast of the error catalogue: 'Something went wrong', 3 s. */
export function showErrorToast(detail?: string): number {
  return feedback.toast({
    severity: 'error',
    summary: i18n._(msg`Something went wrong`),
    detail: detail ?? i18n._(msg`Something went wrong please try again later`),
    life: ERROR_TOAST_LIFE_MS,
  })
}
