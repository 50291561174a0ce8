// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FormAlert } from './field'
import { LIVE_REGION_CLEAR_MS, liveRegion } from './live-region'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

let root: Root
afterEach(() => {
  act(() => root.unmount())
  document.body.replaceChildren()
  delete document.documentElement.dataset.hydrated
  liveRegion.reset()
  vi.useRealTimers()
})

function mount(node: React.ReactNode) {
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root.render(node))
  return container
}

const settle = () => act(() => vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS))

describe('FormAlert', () => {
  it('says an error that appears after hydration assertively, a result politely, and not an info notice; the box has no live role', () => {
    vi.useFakeTimers()
    document.documentElement.dataset.hydrated = 'true'
    const container = mount(<FormAlert>Those details do not match an account.</FormAlert>)
    settle()
    expect(liveRegion.getMessages().assertive).toBe('Those details do not match an account.')
    expect(container.querySelector('[role]')).toBeNull()
    act(() => root.render(<FormAlert tone="success">Saved.</FormAlert>))
    settle()
    expect(liveRegion.getMessages().polite).toBe('Saved.')
    act(() => root.render(<FormAlert tone="info">Your address is only used for shipping.</FormAlert>))
    settle()
    expect(liveRegion.getMessages().polite).toBe('Saved.')
  })

  it('does not announce what the page showed when it was first rendered, but does announce a change of its words', () => {
    vi.useFakeTimers()
    mount(<FormAlert>We could not load your campaigns.</FormAlert>)
    settle()
    expect(liveRegion.getMessages().assertive).toBe('')
    document.documentElement.dataset.hydrated = 'true'
    act(() => root.render(<FormAlert>Still no answer: try again later.</FormAlert>))
    settle()
    expect(liveRegion.getMessages().assertive).toBe('Still no answer: try again later.')
  })
})
