import { afterEach, describe, expect, it, vi } from 'vitest'
import { ERROR_TOAST_LIFE_MS, feedback } from './feedback-store'

afterEach(() => {
  feedback.reset()
  vi.useRealTimers()
})

describe('toasts', () => {
  it('hide themselves after their life', () => {
    vi.useFakeTimers()
    feedback.toast({ severity: 'error', summary: 'Oops', detail: 'Try later', life: ERROR_TOAST_LIFE_MS })
    expect(feedback.getState().toasts).toHaveLength(1)
    vi.advanceTimersByTime(ERROR_TOAST_LIFE_MS - 1)
    expect(feedback.getState().toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(feedback.getState().toasts).toHaveLength(0)
  })

  it('can be dismissed early and notify subscribers', () => {
    const seen: number[] = []
    const unsubscribe = feedback.subscribe(() => seen.push(feedback.getState().toasts.length))
    const id = feedback.toast({ severity: 'info', summary: 'Saved' })
    feedback.dismissToast(id)
    unsubscribe()
    expect(seen).toEqual([1, 0])
  })
})

describe('confirm dialog', () => {
  it('stays until closed and a stale close does not close a newer dialog', () => {
    const first = feedback.confirm({ header: 'A', message: 'a', closable: true })
    const second = feedback.confirm({ header: 'B', message: 'b', closable: true })
    feedback.closeDialog(first)
    expect(feedback.getState().dialog?.header).toBe('B')
    feedback.closeDialog(second)
    expect(feedback.getState().dialog).toBeNull()
  })
})
