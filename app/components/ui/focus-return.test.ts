// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { focusedElement, keepFocusAfterNavigation, returnFocus } from './focus-return'

afterEach(() => {
  document.body.innerHTML = ''
})

function page() {
  document.body.innerHTML = '<main id="main"><button id="opener">Open</button></main><div role="dialog"><button id="inside">OK</button></div>'
  return {
    opener: document.getElementById('opener') as HTMLButtonElement,
    inside: document.getElementById('inside') as HTMLButtonElement,
    main: document.getElementById('main')!,
  }
}

describe('returnFocus', () => {
  it('gives focus back to the opener', async () => {
    const { opener, inside } = page()
    opener.focus()
    expect(focusedElement()).toBe(opener)
    inside.focus()
    returnFocus(opener)
    await expect.poll(() => document.activeElement).toBe(opener)
  })

  it('waits for an opener disabled while its call runs', async () => {
    const { opener, inside } = page()
    opener.disabled = true
    inside.focus()
    returnFocus(opener)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(document.activeElement).not.toBe(opener)
    opener.disabled = false
    await expect.poll(() => document.activeElement).toBe(opener)
  })

  it('goes to the main content when the opener has left the page, or there was none', async () => {
    const { opener, inside, main } = page()
    inside.focus()
    opener.remove()
    returnFocus(opener)
    await expect.poll(() => document.activeElement).toBe(main)
    expect(main.getAttribute('tabindex')).toBe('-1')
    inside.focus()
    returnFocus(null)
    await expect.poll(() => document.activeElement).toBe(main)
  })

  it('takes nothing for the focused element when only the page has focus', () => {
    page()
    ;(document.activeElement as HTMLElement | null)?.blur()
    expect(focusedElement()).toBeNull()
  })
})

describe('keepFocusAfterNavigation', () => {
  it('puts focus on the main content when the new page left it nowhere, and leaves it on what stayed', async () => {
    const { opener, main } = page()
    ;(document.activeElement as HTMLElement | null)?.blur()
    keepFocusAfterNavigation()
    await expect.poll(() => document.activeElement).toBe(main)
    opener.focus()
    keepFocusAfterNavigation()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(opener)
  })
})
