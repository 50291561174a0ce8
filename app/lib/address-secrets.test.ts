import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSecretAddress, hasSecrets, takeSecretAddress, withoutSecrets } from './address-secrets'

describe('withoutSecrets', () => {
  it.each([
    ['/en/join-brand?token=abc', '/en/join-brand'],
    ['/en/user/verify-email?mode=resetPassword&oobCode=SECRET&apiKey=k&lang=en', '/en/user/verify-email?mode=resetPassword&apiKey=k&lang=en'],
    ['/en/unsubscribe?token=a.b.c#top', '/en/unsubscribe#top'],
    ['http://localhost:3000/en/join-brand?token=abc&x=1', 'http://localhost:3000/en/join-brand?x=1'],
  ])('takes the secrets out of %s', (href, expected) => {
    expect(hasSecrets(href)).toBe(true)
    expect(withoutSecrets(href)).toBe(expected)
    expect(hasSecrets(withoutSecrets(href))).toBe(false)
  })

  it.each(['/en/member/shipments?tab=returns', '/en/ops', 'http://localhost:3000/en?ref=ABCD'])('leaves %s as it is', (href) => {
    expect(hasSecrets(href)).toBe(false)
    expect(withoutSecrets(href)).toBe(href)
  })
})

/** A browser tab as far as these functions see it: its address, history and session storage. */
function fakeTab(href: string) {
  const stored = new Map<string, string>()
  const tab = {
    location: { href, pathname: new URL(href).pathname },
    history: {
      state: { __TSR_key: 'k1' } as unknown,
      replaceState: vi.fn((state: unknown, _title: string, url: string) => {
        tab.history.state = state
        tab.location.href = new URL(url, tab.location.href).href
        tab.location.pathname = new URL(tab.location.href).pathname
      }),
    },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  }
  vi.stubGlobal('window', tab)
  return tab
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('takeSecretAddress', () => {
  it('takes the token out of the address bar, keeping the history state, and gives the page the address as opened', () => {
    const tab = fakeTab('http://localhost:3000/en/join-brand?token=SECRET-TOKEN')
    const taken = takeSecretAddress()
    expect(taken?.searchParams.get('token')).toBe('SECRET-TOKEN')
    expect(tab.location.href).toBe('http://localhost:3000/en/join-brand')
    expect(tab.history.replaceState).toHaveBeenCalledWith({ __TSR_key: 'k1' }, '', '/en/join-brand')
  })

  it('gives the kept address again after a reload of the page without it, until forgotten', () => {
    const tab = fakeTab('http://localhost:3000/en/user/verify-email?mode=resetPassword&oobCode=CODE')
    takeSecretAddress()
    expect(tab.location.href).toBe('http://localhost:3000/en/user/verify-email?mode=resetPassword')
    // The reload: the address has no code any more.
    expect(takeSecretAddress()?.searchParams.get('oobCode')).toBe('CODE')
    expect(tab.history.replaceState).toHaveBeenCalledTimes(1)
    forgetSecretAddress()
    expect(takeSecretAddress()).toBeNull()
  })

  it('keeps an address per page: another page of the tab does not see it', () => {
    const tab = fakeTab('http://localhost:3000/en/unsubscribe?token=U')
    takeSecretAddress()
    tab.location.href = 'http://localhost:3000/en/join-brand'
    tab.location.pathname = '/en/join-brand'
    expect(takeSecretAddress()).toBeNull()
  })

  it('changes nothing on a page whose address holds no secret', () => {
    const tab = fakeTab('http://localhost:3000/en/contact')
    expect(takeSecretAddress()).toBeNull()
    expect(tab.history.replaceState).not.toHaveBeenCalled()
  })
})
