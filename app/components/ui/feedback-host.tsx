import * as Dialog from '@radix-ui/react-dialog'
import { useLingui } from '@lingui/react/macro'
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { cn } from '~/lib/cn'
import { Button } from './button'
import { feedback, type ToastSeverity } from './feedback-store'

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

      <Dialog.Root
        open={dialog !== null}
        onOpenChange={(open) => {
          // Escape or the close gesture dismisses without choosing either answer.
          if (!open && dialog?.closable) {
            feedback.closeDialog(dialog.id)
          }
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink/50" />
          <Dialog.Content
            className="fixed top-1/2 left-1/2 z-modal w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
            onEscapeKeyDown={(event) => {
              if (!dialog?.closable) event.preventDefault()
            }}
            onPointerDownOutside={(event) => event.preventDefault()}
            data-testid="confirm-dialog"
          >
            {dialog && (
              <>
                <Dialog.Title className="text-lg font-bold text-ink">{dialog.header}</Dialog.Title>
                <Dialog.Description className="mt-2 text-muted">{dialog.message}</Dialog.Description>
                <div className="mt-6 flex justify-end gap-3">
                  {dialog.onAccept ? (
                    <>
                      <Button
                        severity="secondary"
                        onClick={() => {
                          dialog.onReject?.()
                          feedback.closeDialog(dialog.id)
                        }}
                      >
                        {dialog.rejectLabel ?? t`Cancel`}
                      </Button>
                      <Button
                        onClick={() => {
                          feedback.closeDialog(dialog.id)
                          dialog.onAccept?.()
                        }}
                      >
                        {dialog.acceptLabel ?? t`Confirm`}
                      </Button>
                    </>
                  ) : (
                    <Button severity="contrast" onClick={() => feedback.closeDialog(dialog.id)}>
                      {dialog.rejectLabel ?? t`Close`}
                    </Button>
                  )}
                </div>
              </>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  )
}
