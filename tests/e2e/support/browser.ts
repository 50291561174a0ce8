import { createRequire } from 'node:module'
import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/lib/browser.mjs'
import { noteworthyServerLines } from './server-logs'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
export const screenshotDir = resolve(import.meta.dirname, '../../../test-results/screenshots')

export const baseUrl = () => inject('baseUrl')

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found: run the browser tests through `npm test`, which installs it, or set CHROMIUM_PATH.')
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), headless: true })
}

/** What the pages' Content-Security-Policy refused in any context of this test file, since the last look (csp.setup.ts). */
const cspRefusals: string[] = []

export function takeCspRefusals(): string[] {
  return cspRefusals.splice(0)
}

export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 }, ...options })
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspRefusals.push(`${message.page()?.url() ?? '?'}: ${message.text()}`)
  })
  return context
}

/** The accessibility violations axe finds on the page as it is now (WCAG 2.1 A and AA). */
export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string | null; help: string; targets: string[] }>> {
  // Colours are read once what is fading in (a toast) is fully shown; endless animations (spinners)
  // are not waited for, and none for more than a second.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
      new Promise((done) => setTimeout(done, 1000)),
    ]),
  )
  // Evaluated, not added as a script element: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }>
        }
      }
    ).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
  })
}

/** Keeps a full-page screenshot as a test artefact under test-results/screenshots. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`), fullPage: true })
}

/**
 * Waits for `locator`; when it does not come, fails saying what the page showed instead: its
 * address and the start of its text, with a screenshot kept as `failed-<what>-<time>.png`, and what
 * the servers last warned of.
 */
export async function waitForOrExplain(page: Page, locator: Locator, what: string): Promise<void> {
  try {
    await locator.waitFor()
  } catch (error) {
    const shown = await page
      .evaluate(() => document.body?.innerText ?? '')
      .then((text) => text.replace(/\s+/g, ' ').slice(0, 600))
      .catch(() => '(the page could not be read)')
    const shot = `failed-${what}-${Date.now()}`
    await keepScreenshot(page, shot).catch(() => {})
    const said = noteworthyServerLines()
    throw new Error(
      `${what} did not appear at ${page.url()} (screenshot ${shot}.png); the page showed: ${shown}` +
        (said ? `\nThe servers' last warnings and errors:\n${said}` : ''),
      { cause: error },
    )
  }
}

/** Fails with the list of axe's WCAG A/AA violations on the page, if there are any. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
}

/** A phone's width: the console is used on one too, where wide tables scroll sideways. */
const PHONE_VIEWPORT = { width: 375, height: 812 }

/**
 * Fails with axe's violations on the page as laid out now and at a phone's width (the page is
 * given back its own size after). At the new width the page lays itself out again and its wide
 * tables become scrolling regions, so the check there waits until it holds.
 */
export async function expectNoAxeViolationsAtEveryWidth(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
  const own = page.viewportSize()
  await page.setViewportSize(PHONE_VIEWPORT)
  try {
    await expect.poll(() => axeViolations(page)).toEqual([])
  } finally {
    if (own) await page.setViewportSize(own)
  }
}

/** A full-page screenshot taken from the top (the header is sticky, so a scrolled page would show it twice). */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  await keepScreenshot(page, name)
}

/** Waits until React has hydrated the page (the router marks the document once it is interactive). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'load' })
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  return response
}

/** How many signed-in users Firebase keeps in this browser (its IndexedDB persistence). */
export function firebaseUsersInBrowser(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        const open = indexedDB.open('firebaseLocalStorageDb')
        open.onerror = () => done(-1)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) return done(0)
          const count = db.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').count()
          count.onsuccess = () => done(count.result)
          count.onerror = () => done(-1)
        }
      }),
  )
}

/**
 * Text as the page shows it: `page.getByText` without the page's live regions, whose words repeat a
 * toast's or a form's message for screen readers (so the same words stand twice on the page).
 */
export function textOnPage(page: Page, text: string | RegExp, options?: { exact?: boolean }): Locator {
  return page.getByText(text, options).and(page.locator(':not([aria-live])'))
}
