import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { publicConfigQuery } from '~/lib/public-config'
import { showErrorToast } from '~/components/ui/error-toast'
import { feedback } from '~/components/ui/feedback-store'
import type { ConsentChoice } from './consent'
import { writeConsent } from './consent-choice'

/** Opens the cookie choice (a confirm dialog); the choice is stored, carried out at once (analytics.ts) and acknowledged with a toast. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const save = (choice: ConsentChoice) => {
    try {
      writeConsent(choice)
    } catch {
      // Storage can be full or switched off (some private windows): say so rather than pretend.
      showErrorToast()
      return
    }
    const measurementId = queryClient.getQueryData(publicConfigQuery.queryKey)?.services.gaMeasurementId
    // Carried out at once: analytics starts, or stops, without waiting for the next page.
    if (measurementId) void import('./analytics').then(({ applyConsent }) => applyConsent(choice, measurementId))
    feedback.toast({ severity: 'success', summary: t`Cookie choice saved`, detail: t`You can change it at any time from the footer.` })
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        feedback.confirm({
          header: t`Cookie settings`,
          message: t`We use strictly necessary cookies to keep you signed in and to remember your language. With your permission we would also measure how the site is used, to improve it. Allow analytics cookies?`,
          closable: true,
          acceptLabel: t`Allow analytics`,
          rejectLabel: t`Only necessary`,
          onAccept: () => save(['analytics']),
          onReject: () => save([]),
        })
      }
    >
      {t`Cookie settings`}
    </button>
  )
}
