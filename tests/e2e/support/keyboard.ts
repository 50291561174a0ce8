// Keyboard-only browser tests: moving focus with keys alone, and checking that where focus lands
// can be seen (a focus indicator of at least 3:1 against what surrounds it, not covered, in view
// and below any sticky header).
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** Whether `target` has focus now. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement)
}

/** Presses `key` (Tab, Shift+Tab, ArrowDown…) until `target` has focus; fails after `maxPresses`. */
export async function pressUntilFocused(page: Page, key: string, target: Locator, maxPresses = 120): Promise<void> {
  await target.waitFor({ state: 'attached' })
  for (let i = 0; i < maxPresses; i++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(key)
  }
  if (await hasFocus(target)) return
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing')
  throw new Error(`${key} pressed ${maxPresses} times without reaching the element; focus is on ${focused}`)
}

/** Waits until `target` has focus (focus moved by the page itself, after a save or a navigation). */
export async function waitForFocus(target: Locator, timeout = 15_000): Promise<void> {
  await expect.poll(() => hasFocus(target), { timeout }).toBe(true)
}

export type FocusSeen = {
  focused: boolean
  /** An outline or a box-shadow ring is drawn. */
  indicator: boolean
  /** The outline's contrast against the background around the element is at least 3:1 (true for a box-shadow ring, not measured). */
  indicatorContrast: boolean
  /** The element itself (or a part of it) is what sits at its centre: nothing covers it. */
  uncovered: boolean
  /** Its top edge within the window, below the sticky header when the element is not in that header. */
  inView: boolean
}

/**
 * Reads what a person sees of the element with focus: the contrast of a solid outline is measured
 * against the first opaque background behind the element (the outline is drawn outside it, at an
 * offset, over its surroundings).
 */
async function readFocus([el, ringOn]: [Element, Element]): Promise<FocusSeen & { detail: string }> {
  // The ring's colour is read once a transition into it (transition-colors includes outline-color) has ended.
  await Promise.race([Promise.allSettled(ringOn.getAnimations().map((animation) => animation.finished)), new Promise((done) => setTimeout(done, 1000))])
  const parse = (colour: string): [number, number, number, number] => {
    const numbers = colour.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0]
    return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0, numbers[3] ?? 1]
  }
  const luminance = ([r, g, b]: number[]) => {
    const channel = (c: number) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!)
  }
  const contrast = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (hi! + 0.05) / (lo! + 0.05)
  }
  const backgroundBehind = (start: Element | null): number[] => {
    for (let node = start; node; node = node.parentElement) {
      const [r, g, b, a] = parse(getComputedStyle(node).backgroundColor)
      if (a >= 0.99) return [r, g, b]
    }
    return [255, 255, 255]
  }

  // What is seen: the element itself, or the control's visible part (the label of a visually hidden radio).
  const style = getComputedStyle(ringOn)
  const rect = ringOn.getBoundingClientRect()
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
  const ring = style.boxShadow !== 'none'
  const outlineColour = parse(style.outlineColor)
  const behind = backgroundBehind(ringOn.parentElement)
  const ratio = outline ? contrast(outlineColour, behind) : Infinity
  const atCentre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
  const sticky = [...document.querySelectorAll('header')].find((header) => ['sticky', 'fixed'].includes(getComputedStyle(header).position))
  const stickyBottom = sticky && !sticky.contains(ringOn) ? sticky.getBoundingClientRect().bottom : 0
  return {
    focused: el === document.activeElement,
    indicator: outline || ring,
    indicatorContrast: outline ? ratio >= 3 : ring,
    uncovered: atCentre !== null && (atCentre === ringOn || ringOn.contains(atCentre)),
    // A control taller than what is left of the window (a long text area) may run past its bottom edge.
    inView: rect.top >= stickyBottom && rect.top < window.innerHeight && rect.left >= 0 && rect.right <= window.innerWidth,
    detail: `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} on rgb(${behind.join(', ')}) = ${ratio.toFixed(2)}:1; box-shadow ${style.boxShadow}; rect top ${Math.round(rect.top)} bottom ${Math.round(rect.bottom)}, header bottom ${Math.round(stickyBottom)}; at centre ${atCentre?.outerHTML.slice(0, 120) ?? 'nothing'}`,
  }
}

/** readFocus as page.evaluate takes it: with the two element handles, which arrive as elements. */
const readFocusOf = readFocus as unknown as (handles: unknown) => Promise<FocusSeen & { detail: string }>

/**
 * `target` has focus and a person can see it: a focus indicator of at least 3:1 is drawn, nothing
 * covers the element, and it is in the window below the sticky header. `ringOn` names the visible
 * part that draws the indicator when the focused control is visually hidden (a star rating's radio
 * inside its label).
 */
export async function expectFocusVisible(page: Page, target: Locator, { ringOn }: { ringOn?: Locator } = {}): Promise<void> {
  const focused = await target.elementHandle()
  const drawn = ringOn ? await ringOn.elementHandle() : focused
  if (!focused || !drawn) throw new Error('The element to check is not on the page')
  const { detail, ...seen } = await page.evaluate(readFocusOf, [focused, drawn])
  await Promise.all([focused.dispose(), drawn.dispose()])
  expect(seen, detail).toEqual({ focused: true, indicator: true, indicatorContrast: true, uncovered: true, inView: true })
}

/** Whatever has focus now, checked as expectFocusVisible does (for steps that walk through a list). */
export async function expectActiveElementVisible(page: Page): Promise<void> {
  const active = await page.evaluateHandle(() => document.activeElement ?? document.body)
  const { detail, ...seen } = await page.evaluate(readFocusOf, [active, active])
  await active.dispose()
  expect(seen, detail).toEqual({ focused: true, indicator: true, indicatorContrast: true, uncovered: true, inView: true })
}
