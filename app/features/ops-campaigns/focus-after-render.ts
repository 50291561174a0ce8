/**
 * Moves the focus, once React has drawn the change just made, to the first element the selectors
 * find (a control that moved, or the one after a control that went away); nothing when none is there.
 */
export function focusAfterRender(...selectors: string[]): void {
  requestAnimationFrame(() => {
    for (const selector of selectors) {
      const target = document.querySelector<HTMLElement>(selector)
      if (target && !target.matches(':disabled')) {
        target.focus()
        return
      }
    }
  })
}
