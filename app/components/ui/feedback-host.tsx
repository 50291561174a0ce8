import { useLingui } from '@lingui/react/macro'
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react'
import { cn } from '~/lib/cn'
import { feedback, type FeedbackState, type Toast, type ToastSeverity } from './feedback-store'
import { liveRegion, type Politeness } from './live-region'

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

/** Errors and warnings interrupt what the screen reader is saying; the rest waits its turn. */
const toastPoliteness: Record<ToastSeverity, Politeness> = {
  success: 'polite',
  info: 'polite',
  secondary: 'polite',
  contrast: 'polite',
  warn: 'assertive',
  error: 'assertive',
}

const emptyMessages = liveRegion.getMessages()

/**
 * The page's two live regions, empty in the server's HTML and present from the first render, so
 * that what is written into them later is announced (live-region.ts). No role: a page's own
 * role="alert" or role="status" messages stay the only ones of their kind.
 */
function LiveRegions() {
  const messages = useSyncExternalStore(liveRegion.subscribe, liveRegion.getMessages, () => emptyMessages)
  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-polite">
        {messages.polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="live-assertive">
        {messages.assertive}
      </div>
    </>
  )
}

/** Each new toast is said once, through the live region of its severity. */
function useToastAnnouncements(toasts: readonly Toast[]) {
  const said = useRef(new Set<number>())
  useEffect(() => {
    for (const toast of toasts) {
      if (said.current.has(toast.id)) continue
      said.current.add(toast.id)
      liveRegion.announce(toast.detail ? `${toast.summary} ${toast.detail}` : toast.summary, toastPoliteness[toast.severity])
    }
    const shown = new Set(toasts.map((toast) => toast.id))
    for (const id of said.current) if (!shown.has(id)) said.current.delete(id)
  }, [toasts])
}

/**
 * Renders the live regions, the toasts and the confirm dialog of the feedback store. Mounted once,
 * in the root. A toast is announced through the live regions; the visible toast has no live role
 * of its own, so it is not said twice.
 */
export function FeedbackHost() {
  const { toasts, dialog } = useFeedback()
  const { t } = useLingui()
  useToastAnnouncements(toasts)
  // Once loaded, the dialog stays mounted, so that closing it runs its own close handling.
  const [dialogUsed, setDialogUsed] = useState(false)
  if (dialog && !dialogUsed) setDialogUsed(true)

  return (
    <>
      <LiveRegions />
      <section aria-label={t`Notifications`} className="pointer-events-none fixed top-4 right-4 z-tooltip flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {toasts.map((toast) => {
          const { className, Icon } = toastLook[toast.severity]
          return (
            <div
              key={toast.id}
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
      {dialogUsed && (
        <Suspense fallback={null}>
          <FeedbackDialog dialog={dialog} />
        </Suspense>
      )}
    </>
  )
}
