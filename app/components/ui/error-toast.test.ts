import { afterEach, describe, expect, it } from 'vitest'
import { showErrorToast } from './error-toast'
import { feedback } from './feedback-store'

afterEach(() => feedback.reset())

describe('showErrorToast', () => {
  it('uses the default texts and a life of 3 s', () => {
    showErrorToast()
    expect(feedback.getState().toasts[0]).toMatchObject({
      severity: 'error',
      summary: 'Something went wrong',
      detail: 'Something went wrong please try again later',
      life: 3000,
    })
  })
})
