// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type * as Startup from './startup'

// The start-up error lives as long as the module: each test starts from a fresh one, as a page load does.
let startup: typeof Startup
let log: MockInstance<typeof console.error>
beforeEach(async () => {
  vi.resetModules()
  startup = await import('./startup')
  log = vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.restoreAllMocks()
  delete document.documentElement.dataset.hydrated
  delete document.documentElement.dataset.startupError
  document.body.replaceChildren()
})

describe('a failure outside every error boundary', () => {
  it('while mounting: logged as the mount failure, recorded as the start-up error, and the page says so', () => {
    document.body.innerHTML = '<div id="half-rendered">…</div>'
    const error = new Error('hydration blew up')
    startup.handleAppFailure(error)
    expect(log).toHaveBeenCalledWith('Error while mounting app', error)
    expect(startup.getStartupError()).toBe(error)
    expect(document.documentElement.dataset.startupError).toBe('hydration blew up')
    const page = document.getElementById(startup.FAILURE_PAGE_ID)
    expect(page?.getAttribute('role')).toBe('alert')
    expect(page?.querySelector('h1')?.textContent).toBe('Something went wrong')
    expect(page?.textContent).toContain('Something went wrong please try again later')
    expect(page?.querySelector('a')?.textContent).toBe('Reload the page')
    expect(document.getElementById('half-rendered')).toBeNull()
  })

  it('while mounting again: the first failure stays the start-up error, and the page already shown stays', () => {
    const first = new Error('hydration blew up')
    startup.handleAppFailure(first)
    const page = document.getElementById(startup.FAILURE_PAGE_ID)
    startup.handleAppFailure(new Error('and then this'))
    expect(startup.getStartupError()).toBe(first)
    expect(document.getElementById(startup.FAILURE_PAGE_ID)).toBe(page)
  })

  it('after mounting: logged as an uncaught error, not as the start-up error, and the page says so', () => {
    document.documentElement.dataset.hydrated = 'true'
    document.body.innerHTML = '<div id="rendered">…</div>'
    startup.handleAppFailure(new Error('later'))
    expect(log).toHaveBeenCalledWith('Uncaught error in the app', expect.objectContaining({ message: 'later' }))
    expect(log).not.toHaveBeenCalledWith('Error while mounting app', expect.anything())
    expect(startup.getStartupError()).toBeNull()
    expect(document.documentElement.dataset.startupError).toBeUndefined()
    expect(document.getElementById(startup.FAILURE_PAGE_ID)).not.toBeNull()
    expect(document.getElementById('rendered')).toBeNull()
  })
})
