// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Button } from './button'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.replaceChildren()
})

function render(loading: boolean, onClick: () => void, onSubmit: () => void) {
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() =>
    root!.render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <Button type="submit" loading={loading} onClick={onClick}>
          Save
        </Button>
      </form>,
    ),
  )
  return container.querySelector('button')!
}

describe('Button while loading', () => {
  it('keeps focus, and a press neither reaches its handler nor submits the form', () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn()
    const button = render(true, onClick, onSubmit)
    button.focus()
    act(() => button.click())
    expect(document.activeElement).toBe(button)
    expect(onClick).not.toHaveBeenCalled()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('once loaded, a press reaches its handler and submits', () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn()
    const button = render(false, onClick, onSubmit)
    act(() => button.click())
    expect(onClick).toHaveBeenCalledOnce()
    expect(onSubmit).toHaveBeenCalledOnce()
  })
})

describe('Button while unavailable (a wait before sending again)', () => {
  it('keeps focus and ignores presses, without the busy state', () => {
    const onClick = vi.fn()
    const container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    act(() =>
      root!.render(
        <Button unavailable onClick={onClick}>
          Send again
        </Button>,
      ),
    )
    const button = container.querySelector('button')!
    button.focus()
    act(() => button.click())
    expect(document.activeElement).toBe(button)
    expect(onClick).not.toHaveBeenCalled()
    expect(button.disabled).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.getAttribute('aria-busy')).toBeNull()
  })
})
