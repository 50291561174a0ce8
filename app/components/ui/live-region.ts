/**
 * The page's two live regions, rendered once at the root by <FeedbackHost/> and present from the
 * first render: screen readers announce reliably only a change inside a live region that already
 * existed, not a new element arriving with its text. Toasts and form results write here; a
 * message's severity picks the region (errors and warnings interrupt, the rest wait their turn).
 */
export type Politeness = 'polite' | 'assertive'

export type LiveMessages = { polite: string; assertive: string }

/** How long a region stays empty before the next message: the same words twice are announced twice. */
export const LIVE_REGION_CLEAR_MS = 50

let messages: LiveMessages = { polite: '', assertive: '' }
const listeners = new Set<() => void>()
const pending: Partial<Record<Politeness, ReturnType<typeof setTimeout>>> = {}

function set(next: LiveMessages) {
  messages = next
  for (const listener of listeners) listener()
}

export const liveRegion = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getMessages(): LiveMessages {
    return messages
  },
  /** Says `text` through the region of `politeness`, replacing what it said before. */
  announce(text: string, politeness: Politeness = 'polite') {
    clearTimeout(pending[politeness])
    set({ ...messages, [politeness]: '' })
    pending[politeness] = setTimeout(() => set({ ...messages, [politeness]: text }), LIVE_REGION_CLEAR_MS)
  },
  /** Test helper: forget everything said. */
  reset() {
    for (const timer of Object.values(pending)) clearTimeout(timer)
    set({ polite: '', assertive: '' })
  },
}
