import { beforeEach, describe, expect, it } from 'vitest'
import { applyConsent, GTAG_SCRIPT, resetAnalyticsForTests, setConsentDefaults } from './analytics'

/** A window with only what the tag's loader touches: the data layer and the document's head. */
function fakeWindow() {
  const scripts: Array<{ src: string; async: boolean }> = []
  const win = {
    document: { createElement: () => ({ src: '', async: false }), head: { append: (script: { src: string; async: boolean }) => scripts.push(script) } },
  } as unknown as Window & { dataLayer?: IArguments[] } & Record<string, boolean | undefined>
  const calls = () => (win.dataLayer ?? []).map((entry) => Array.from(entry))
  return { win, scripts, calls }
}

const ID = 'G-TEST1234'
const DENIED = {
  analytics_storage: 'denied',
  functionality_storage: 'granted',
  security_storage: 'granted',
  personalization_storage: 'denied',
  ad_storage: 'denied',
}

describe('analytics under consent mode', () => {
  beforeEach(() => resetAnalyticsForTests())

  it('sets the defaults first and loads nothing before consent', () => {
    const { win, scripts, calls } = fakeWindow()
    setConsentDefaults(win)
    applyConsent([], ID, win)
    expect(calls()).toEqual([['consent', 'default', DENIED]])
    expect(scripts).toEqual([])
  })

  it('loads the tag once when analytics is allowed, and stops it when the choice is withdrawn', () => {
    const { win, scripts, calls } = fakeWindow()
    applyConsent(['analytics'], ID, win)
    applyConsent(['analytics'], ID, win)
    expect(scripts).toEqual([{ src: `${GTAG_SCRIPT}?id=${ID}`, async: true }])
    expect(calls()[0]).toEqual(['consent', 'default', DENIED])
    expect(calls()[1]).toEqual(['consent', 'update', { ...DENIED, analytics_storage: 'granted' }])
    expect(calls().some(([command, id]) => command === 'config' && id === ID)).toBe(true)
    applyConsent([], ID, win)
    expect(calls().at(-1)).toEqual(['consent', 'update', DENIED])
    expect(win[`ga-disable-${ID}`]).toBe(true)
    expect(scripts).toHaveLength(1)
  })

  it('does nothing at all without a measurement id', () => {
    const { win, scripts, calls } = fakeWindow()
    applyConsent(['analytics'], null, win)
    expect(calls()).toEqual([])
    expect(scripts).toEqual([])
  })
})
