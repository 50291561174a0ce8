import * as Dialog from '@radix-ui/react-dialog'
import { useState, type ReactNode } from 'react'
import { focusedElement, returnFocus } from './focus-return'

/**
 * A modal dialog with content of its own (a form, a list), looking like the feedback store's confirm
 * dialog: focus moves inside when it opens and stays there, Escape closes it, and focus goes back to
 * what opened it (or the page's main content when that has gone). The page keeps whether it is open.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  testId,
}: {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  testId?: string
}) {
  // What had focus as the dialog opened, read while rendering it open (before the dialog takes focus).
  const [opener, setOpener] = useState<HTMLElement | null>(null)
  const [wasOpen, setWasOpen] = useState(false)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setOpener(focusedElement())
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl"
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus(opener)
          }}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
