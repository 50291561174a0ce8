import * as Dialog from '@radix-ui/react-dialog'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from './button'
import { feedback, type FeedbackState } from './feedback-store'
import { returnFocus } from './focus-return'

/** The feedback store's confirm or message dialog (modal, focus kept inside while open). */
export default function FeedbackDialog({ dialog }: { dialog: FeedbackState['dialog'] }) {
  const { t } = useLingui()
  // The dialog is gone from the store by the time it has closed: its opener is kept here.
  const [opener, setOpener] = useState<HTMLElement | null>(null)
  if (dialog && dialog.opener !== opener) setOpener(dialog.opener)
  return (
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
          // Opened from the store, it has no trigger of its own for the dialog library to go back to.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus(opener)
          }}
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
  )
}
