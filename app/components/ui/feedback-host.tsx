import { useLingui } from '@lingui/react/macro'
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ComponentType } from 'react'
import { cn } from '~/lib/cn'
import { feedback, type FeedbackState, type ToastSeverity } from './feedback-store'

/**
 * The dialog's code, fetched when first needed. Should it not arrive (the network gone, or a new
 * deployment removed the old file), the browser's own confirm or alert box asks instead, so the
 * question is never lost.
 */
const FeedbackDialog = lazy<ComponentType<{ dialog: FeedbackState['dialog'] }>>(() => import('./feedback-dialog').catch(() => ({ default: BrowserDialog })))

function BrowserDialog({ dialog }: { dialog: FeedbackState['dialog'] }) {
  useEffect(() => {
    if (!dialog) return
    const text = `${dialog.header}\n\n${dialog.message}`
    if (dialog.onAccept) {
      const accepted = window.confirm(text)
      feedback.closeDialog(dialog.id)
      if (accepted) dialog.onAccept()
      else dialog.onReject?.()
    } else {
      window.alert(text)
      feedback.closeDialog(dialog.id)
    }
  }, [dialog])
  return null
}

const serverState = feedback.getState()

function useFeedback() {
  return useSyncExternalStore(feedback.subscribe, feedback.getState, () => serverState)
}

const toastLook: Record<ToastSeverity, { className: string; Icon: typeof Info }> = {
  success: { className: 'border-verdin text-verdin', Icon: CircleCheck },
  info: { className: 'border-colbolt text-colbolt', Icon: Info },
  warn: { className: 'border-warn text-warn', Icon: TriangleAlert },
  error: { className: 'border-danger text-danger', Icon: CircleAlert },
  secondary: { className: 'border-authentic text-authentic', Icon: Info },
  contrast: { className: 'border-ink text-ink', Icon: Info },
}

/** Renders the toasts and the confirm dialog of the feedback store. Mounted once, in the root. */
export function FeedbackHost() {
  const { toasts, dialog } = useFeedback()
  const { t } = useLingui()
  // Once loaded, the dialog stays mounted, so that closing it runs its own close handling.
  const dialogUsed = useRef(false)
  if (dialog) dialogUsed.current = true

  return (
    <>
      <section
        aria-label={t`Notifications`}
        className="pointer-events-none fixed top-4 right-4 z-tooltip flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {toasts.map((toast) => {
          const { className, Icon } = toastLook[toast.severity]
          return (
            <div
              key={toast.id}
              role={toast.severity === 'error' ? 'alert' : 'status'}
              data-testid="toast"
              className={cn('pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg', className)}
              style={{ animation: 'toast-in 150ms ease-out' }}
            >
              <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-ink">
                <p className="font-semibold">{toast.summary}</p>
                {toast.detail && <p className="mt-1 text-sm text-muted">{toast.detail}</p>}
              </div>
              <button
                type="button"
                className="rounded p-1 text-muted hover:bg-black/5"
                aria-label={t`Dismiss notification`}
                onClick={() => feedback.dismissToast(toast.id)}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          )
        })}
      </section>

      {/* The dialog's code arrives the first time a dialog is asked for: most visits never open one. */}
      {dialogUsed.current && (
        <Suspense fallback={null}>
          <FeedbackDialog dialog={dialog} />
        </Suspense>
      )}
    </>
  )
}
