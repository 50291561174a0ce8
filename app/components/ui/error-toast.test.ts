import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { showErrorToast } from './error-toast'
import { ERROR_TOAST_LIFE_MS, feedback } from './feedback-store'

beforeEach(() => {
  vi.useFakeTimers()
  feedback.reset()
})

afterEach(() => {
  feedback.reset()
  vi.useRealTimers()
})

describe('showErrorToast', () => {
  it('shows an error toast with the detail given, which goes away by itself', () => {
    const id = showErrorToast('Your browser did not keep the choice.')
    expect(feedback.getState().toasts).toEqual([expect.objectContaining({ id, severity: 'error', detail: 'Your browser did not keep the choice.' })])
    vi.advanceTimersByTime(ERROR_TOAST_LIFE_MS)
    expect(feedback.getState().toasts).toEqual([])
  })

  it('says something went wrong when given no detail', () => {
    showErrorToast()
    const [toast] = feedback.getState().toasts
    expect(toast).toMatchObject({ severity: 'error', summary: 'Something went wrong' })
    expect(toast?.detail).toMatch(/try again/)
  })
})
