// The public pages in a real browser: accessible, the 404 page's buttons, the toast and the dialog.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, gotoHydrated, keepScreenshot, launchBrowser, newContext } from './support/browser'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await newContext(browser)).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const PUBLIC_PAGES: Array<[string, string]> = [
  ['/en', 'home'],
  ['/en/how-it-works', 'how-it-works'],
  ['/en/about-us', 'about-us'],
  ['/en/legal', 'legal'],
  ['/en/contact', 'contact'],
  ['/en/support', 'support'],
  ['/en/reviews', 'reviews'],
  ['/en/user/login', 'login'],
  ['/en/user/register', 'register'],
  ['/en/error', 'error'],
  ['/404', 'not-found'],
]

describe('public pages', () => {
  it.each(PUBLIC_PAGES)('%s has no accessibility violations', async (path, name) => {
    await gotoHydrated(page, path)
    await keepScreenshot(page, name)
    expect(await axeViolations(page)).toEqual([])
  })

  it('changes the title with each page the visitor goes to without reloading, and back', async () => {
    await gotoHydrated(page, '/en/how-it-works')
    expect(await page.title()).toBe('How it works | Testers Circle')
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length)
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click()
    await expect.poll(() => page.title()).toBe('About us | Testers Circle')
    await page.goBack()
    await expect.poll(() => page.title()).toBe('How it works | Testers Circle')
    // Still the one document: the router changed the page, the browser loaded nothing new.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before)
  })

  it('offers a skip link as the first stop of the keyboard', async () => {
    await gotoHydrated(page, '/en/how-it-works')
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent)
    expect(focused).toBe('Skip to main content')
    await page.keyboard.press('Enter')
    expect(new URL(page.url()).hash).toBe('#main')
  })
})

describe('the 404 page', () => {
  it('shows title, description and the two buttons, and moves the visitor to /404', async () => {
    const response = await gotoHydrated(page, '/en/this-page-does-not-exist')
    expect(response?.status()).toBe(404)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404')
    expect(await page.locator('h1').textContent()).toBe('We could not find that page')
  })

  it('cta1 leads to support', async () => {
    await gotoHydrated(page, '/404')
    await page.getByRole('link', { name: 'Visit support' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/support')
  })

  it('cta2 leads home', async () => {
    await gotoHydrated(page, '/en/404')
    await page.getByRole('link', { name: 'Back to home' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  })
})

describe('toast and confirm dialog', () => {
  it('the confirm dialog closes with Escape and keeps focus inside while open', async () => {
    await gotoHydrated(page, '/en/legal')
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' })
    await dialog.waitFor({ state: 'visible' })
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => localStorage.getItem('selectedConcent'))).toBeNull()
  })

  it('a choice is stored, and its toast disappears after its life of 3 s', async () => {
    await gotoHydrated(page, '/en/legal')
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await page.getByRole('button', { name: 'Allow analytics' }).click()
    expect(await page.evaluate(() => localStorage.getItem('selectedConcent'))).toBe('["analytics"]')
    const toast = page.getByTestId('toast')
    await toast.waitFor({ state: 'visible' })
    expect(await toast.textContent()).toContain('Cookie choice saved')
    // It leaves by itself: its 3 s life, and room for a busy browser to run its timer and exit animation.
    await toast.waitFor({ state: 'detached', timeout: 3000 + 10_000 })
  })
})
