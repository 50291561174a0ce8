// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FAILURE_PAGE_ID, getStartupError, handleAppFailure } from './startup'

afterEach(() => {
  vi.restoreAllMocks()
  delete document.documentElement.dataset.hydrated
  document.body.replaceChildren()
})

describe('a failure outside every error boundary', () => {
  it('while mounting: logged as the mount failure, recorded as the start-up error, and the page says so', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    document.body.innerHTML = '<div id="half-rendered">…</div>'
    const error = new Error('hydration blew up')
    handleAppFailure(error)
    expect(log).toHaveBeenCalledWith('Error while mounting app', error)
    expect(getStartupError()).toBe(error)
    const page = document.getElementById(FAILURE_PAGE_ID)
    expect(page?.getAttribute('role')).toBe('alert')
    expect(page?.querySelector('h1')?.textContent).toBe('Something went wrong')
    expect(page?.textContent).toContain('Something went wrong please try again later')
    expect(page?.querySelector('a')?.textContent).toBe('Reload the page')
    expect(document.getElementById('half-rendered')).toBeNull()
  })

  it('after mounting: not a mount failure, and the first start-up error is kept', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    document.documentElement.dataset.hydrated = 'true'
    handleAppFailure(new Error('later'))
    expect(log).toHaveBeenCalledWith('Uncaught error in the app', expect.any(Error))
    expect(log).not.toHaveBeenCalledWith('Error while mounting app', expect.anything())
    expect((getStartupError() as Error).message).toBe('hydration blew up')
    expect(document.getElementById(FAILURE_PAGE_ID)).not.toBeNull()
  })
})
