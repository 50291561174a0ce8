// @vitest-environment happy-dom
// The guard and its dialog together, as a page uses them, with Firebase's side stubbed: the refused
// call is retried once after the password, a cancel gives back the refusal, focus goes to the
// password field and back to the button that asked.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { hasPasswordSignIn, reauthenticate, sendSignInLink } from '~/auth/account-actions'
import { viewerQuery, type Viewer } from '~/auth/viewer'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { useRecentSignIn } from './use-recent-sign-in'

vi.mock('~/auth/account-actions', () => ({
  reauthenticate: vi.fn(),
  hasPasswordSignIn: vi.fn(async () => true),
  sendSignInLink: vi.fn(),
}))

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const refused: UpstreamResult<string> = { ok: false, failure: { kind: 'reauth-required', path: 'suite/api/members/update-profile', maxAgeSeconds: 300 } }
const saved: UpstreamResult<string> = { ok: true, data: 'saved' }

let root: Root | null = null
beforeEach(() => {
  vi.mocked(reauthenticate).mockReset()
  vi.mocked(sendSignInLink).mockReset()
})
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.replaceChildren()
})

/** A page with one guarded call behind a Save button; `results` collects what the guard gave back. */
function mount(answers: UpstreamResult<string>[]) {
  let runs = 0
  const call = vi.fn(async () => answers[Math.min(runs++, answers.length - 1)]!)
  const results: UpstreamResult<string>[] = []
  function Page() {
    const { guard, dialog } = useRecentSignIn()
    return (
      <>
        <button type="button" onClick={() => void guard(call).then((result) => results.push(result))}>
          Save
        </button>
        {dialog}
      </>
    )
  }
  const queryClient = new QueryClient()
  const viewer: Viewer = { signedIn: true, uid: 'u1', displayName: 'M', emailVerified: true, email: 'm@example.com' }
  queryClient.setQueryData(viewerQuery.queryKey, viewer)
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() =>
    root!.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Page />
        </QueryClientProvider>
      </I18nProvider>,
    ),
  )
  const save = container.querySelector('button')!
  return { call, results, save, queryClient }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)))
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
const password = () => dialog()!.querySelector<HTMLInputElement>('input[type="password"]')!
const button = (name: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === name)!

async function pressSave(save: HTMLButtonElement) {
  save.focus()
  await act(async () => save.click())
  await settle()
}

describe('useRecentSignIn', () => {
  it('asks for the password, then retries the refused call once and hands back its answer', async () => {
    const page = mount([refused, saved])
    vi.mocked(reauthenticate).mockResolvedValue({
      ok: true,
      value: { signedIn: true, uid: 'u1', displayName: 'M', emailVerified: true, email: 'm@example.com' },
    })
    await pressSave(page.save)
    expect(dialog()?.textContent).toContain("Confirm it's you")
    expect(document.activeElement).toBe(password())

    password().value = 'tested4you'
    await act(async () => button('Continue').click())
    await settle()
    expect(vi.mocked(reauthenticate)).toHaveBeenCalledWith(page.queryClient, 'tested4you')
    expect(page.call).toHaveBeenCalledTimes(2)
    expect(page.results).toEqual([saved])
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(page.save)
  })

  it('keeps the dialog open with a plain message for a wrong password, and retries nothing', async () => {
    const page = mount([refused, saved])
    vi.mocked(reauthenticate).mockResolvedValue({ ok: false, failure: 'invalid-credentials' })
    await pressSave(page.save)
    await act(async () => button('Continue').click())
    await settle()
    expect(dialog()?.textContent).toContain('Enter your password.')
    expect(vi.mocked(reauthenticate)).not.toHaveBeenCalled()

    password().value = 'wrong'
    await act(async () => button('Continue').click())
    await settle()
    expect(dialog()?.textContent).toContain('That password is not right.')
    expect(password().getAttribute('aria-invalid')).toBe('true')
    expect(page.call).toHaveBeenCalledTimes(1)
    expect(page.results).toEqual([])
  })

  it('gives back the original refusal when the member cancels, without a retry', async () => {
    const page = mount([refused, saved])
    await pressSave(page.save)
    await act(async () => button('Cancel').click())
    await settle()
    expect(page.results).toEqual([refused])
    expect(page.call).toHaveBeenCalledTimes(1)
    expect(vi.mocked(reauthenticate)).not.toHaveBeenCalled()
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(page.save)
  })

  it('offers a member without a password a sign-in link, and retries once they have used it', async () => {
    vi.mocked(hasPasswordSignIn).mockResolvedValueOnce(false)
    vi.mocked(sendSignInLink).mockResolvedValue({ ok: true, value: undefined })
    const page = mount([refused, refused, saved])
    await pressSave(page.save)
    expect(dialog()?.querySelector('input[type="password"]')).toBeNull()
    expect(dialog()?.textContent).toContain('We can e-mail a sign-in link to m@example.com.')
    await act(async () => button('Send me a sign-in link').click())
    await settle()
    expect(vi.mocked(sendSignInLink)).toHaveBeenCalledWith(page.queryClient, 'm@example.com')
    expect(dialog()?.textContent).toContain('We sent a sign-in link to m@example.com.')
    expect(document.activeElement).toBe(button('Try again'))

    // Not signed in through the link yet: the member API still refuses, and the dialog says so.
    await act(async () => button('Try again').click())
    await settle()
    expect(dialog()?.textContent).toContain('We have not seen that sign-in yet.')
    expect(page.results).toEqual([])
    await act(async () => button('Try again').click())
    await settle()
    expect(page.results).toEqual([saved])
    expect(page.call).toHaveBeenCalledTimes(3)
    expect(vi.mocked(reauthenticate)).not.toHaveBeenCalled()
  })

  it('opens nothing for a call that needs no confirmation', async () => {
    const page = mount([saved])
    await pressSave(page.save)
    expect(dialog()).toBeNull()
    expect(page.results).toEqual([saved])
  })
})
