import { focusedElement } from './focus-return'

/**
 * The one client store for toasts and confirm dialogs. Any code — components, the
 * error catalogue, event handlers — raises feedback here; <FeedbackHost/> renders it.
 */
export type Severity = 'secondary' | 'success' | 'info' | 'warn' | 'help' | 'danger' | 'contrast'
export type ToastSeverity = 'success' | 'info' | 'warn' | 'error' | 'secondary' | 'contrast'

export type Toast = { id: number; severity: ToastSeverity; summary: string; detail?: string; life: number }
export type ToastInput = Omit<Toast, 'id' | 'life'> & { life?: number }

export type ConfirmDialog = {
  id: number
  header: string
  message: string
  closable: boolean
  acceptLabel?: string
  rejectLabel?: string
  onAccept?: () => void
  onReject?: () => void
  /** What had focus when the dialog was asked for: focus goes back there when it closes. */
  opener: HTMLElement | null
}
export type ConfirmInput = Omit<ConfirmDialog, 'id' | 'opener'>

/** How long an error toast stays. */
export const ERROR_TOAST_LIFE_MS = 3000
export const DEFAULT_TOAST_LIFE_MS = 3000

export type FeedbackState = { toasts: readonly Toast[]; dialog: ConfirmDialog | null }

let state: FeedbackState = { toasts: [], dialog: null }
let nextId = 1
const listeners = new Set<() => void>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function set(next: FeedbackState) {
  state = next
  for (const listener of listeners) listener()
}

export const feedback = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getState(): FeedbackState {
    return state
  },
  /** Shows a toast that hides itself after `life` ms. Returns its id. */
  toast(input: ToastInput): number {
    const toast: Toast = { ...input, id: nextId++, life: input.life ?? DEFAULT_TOAST_LIFE_MS }
    set({ ...state, toasts: [...state.toasts, toast] })
    timers.set(
      toast.id,
      setTimeout(() => feedback.dismissToast(toast.id), toast.life),
    )
    return toast.id
  },
  dismissToast(id: number) {
    const timer = timers.get(id)
    if (timer) clearTimeout(timer)
    timers.delete(id)
    if (state.toasts.some((t) => t.id === id)) set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) })
  },
  /** Opens a confirm dialog; it stays until closed. A newer dialog replaces an open one. */
  confirm(input: ConfirmInput): number {
    // A dialog that replaces an open one returns focus where the first one would have: what had
    // focus just now is inside the dialog being replaced.
    const dialog: ConfirmDialog = { ...input, id: nextId++, opener: state.dialog ? state.dialog.opener : focusedElement() }
    set({ ...state, dialog })
    return dialog.id
  },
  closeDialog(id?: number) {
    if (!state.dialog || (id !== undefined && state.dialog.id !== id)) return
    set({ ...state, dialog: null })
  },
  /** Test helper and sign-out helper: forget everything shown. */
  reset() {
    for (const timer of timers.values()) clearTimeout(timer)
    timers.clear()
    set({ toasts: [], dialog: null })
  },
}
