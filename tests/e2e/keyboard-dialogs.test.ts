// Dialogs by keyboard alone (key presses only: no clicks, no fills): opened from the footer's
// "Cookie settings", closed with Escape or an answer, focus goes back to the button that opened it,
// visibly, and the next Tab carries on from there rather than from the top of the page.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, gotoHydrated, launchBrowser, newContext, textOnPage } from './support/browser'
import { expectFocusVisible, pressUntilFocused, waitForFocus } from './support/keyboard'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await newContext(browser)).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog', { name: 'Cookie settings' })
const focusIsIn = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement))

describe('a dialog by keyboard', () => {
  it('opens from the footer, closes with Escape and with an answer, and gives focus back to its button', async () => {
    await gotoHydrated(page, '/en')
    const opener = page.locator('footer').getByRole('button', { name: 'Cookie settings' })
    await pressUntilFocused(page, 'Tab', opener)
    await expectFocusVisible(page, opener)

    await page.keyboard.press('Enter')
    await dialog().waitFor()
    expect(await focusIsIn(dialog())).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    // Escape: nothing chosen, focus back on the button, and the keyboard carries on from there (the
    // link just before it in the footer), not from the top of the page.
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
    await waitForFocus(opener)
    await expectFocusVisible(page, opener)
    await page.keyboard.press('Shift+Tab')
    const before = await opener.evaluate((el) => {
      const previous = document.activeElement
      return previous !== null && previous.closest('footer') !== null && Boolean(el.compareDocumentPosition(previous) & Node.DOCUMENT_POSITION_PRECEDING)
    })
    expect(before).toBe(true)

    // An answer: Tab back to the button, Enter, then Tab to "Only necessary" and Enter.
    await page.keyboard.press('Tab')
    await expectFocusVisible(page, opener)
    await page.keyboard.press('Enter')
    await dialog().waitFor()
    await pressUntilFocused(page, 'Tab', dialog().getByRole('button', { name: 'Only necessary' }), 10)
    await page.keyboard.press('Enter')
    await textOnPage(page, 'Cookie choice saved').first().waitFor()
    await dialog().waitFor({ state: 'detached' })
    await waitForFocus(opener)
    await expectFocusVisible(page, opener)
    expect(await axeViolations(page)).toEqual([])
  })
})
