/** How long focus waits for an opener that is disabled while its call runs to be usable again. */
export const FOCUS_RETURN_WAIT_MS = 3000

/** What has focus now (null on the server, or when only the page itself has it). */
export function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null
  const active = document.activeElement
  return active instanceof HTMLElement && active !== document.body ? active : null
}

/**
 * Gives focus back when a dialog has gone (while open, its focus trap holds focus inside): to the
 * element that opened it, as soon as that can take focus (a button disabled while its call runs is
 * waited for, up to FOCUS_RETURN_WAIT_MS); when the opener has left the page (the confirmed action
 * removed it) or stays unusable, to the page's main content (#main, where the skip link leads), so
 * the next Tab continues in the page instead of starting again at the top.
 */
export function returnFocus(opener: HTMLElement | null): void {
  if (typeof document === 'undefined') return
  const started = Date.now()
  const attempt = () => {
    if (opener?.isConnected) {
      if (!(opener as HTMLButtonElement).disabled) {
        opener.focus()
        if (document.activeElement === opener) return
      } else if (Date.now() - started < FOCUS_RETURN_WAIT_MS) {
        requestAnimationFrame(attempt)
        return
      }
    }
    focusMainContent()
  }
  requestAnimationFrame(attempt)
}

/** Focus on the page's main content (#main, the skip link's target), without scrolling to it. */
export function focusMainContent(): void {
  const main = document.getElementById('main')
  if (!main) return
  // Focusable by script only, as the skip link's target is.
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
  main.focus({ preventScroll: true })
}

/**
 * After a client-side move to another page that left focus nowhere (the control that was pressed
 * went with its page, as a form that saves and goes back to where the member came from), focus goes
 * to the new page's main content, so the next Tab continues in the page instead of from the top.
 * Focus still on something that stayed (a header link) is left where it is.
 */
export function keepFocusAfterNavigation(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement
    if (active === null || active === document.body || !active.isConnected) focusMainContent()
  })
}
