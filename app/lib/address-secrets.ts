// Secrets that arrive in a page's address (a password-reset or sign-in link's code, a brand
// invitation's token, an unsubscribe link's token) leave the address bar as soon as the page has
// read them: no third-party script, no later redirect and no address a page passes on holds them.
// The page keeps what it read for this tab (sessionStorage), so a reload still works.
import { useEffect, useState } from 'react'

/** The search parameters whose value is a secret, whatever the page. */
export const SECRET_PARAMS = ['oobCode', 'token'] as const

const STORAGE_PREFIX = 'address-secret:'
const BASE = 'http://portal.invalid'

/** Whether this address (a path with its search, or a whole URL) carries a secret parameter. */
export function hasSecrets(href: string): boolean {
  try {
    const url = new URL(href, BASE)
    return SECRET_PARAMS.some((name) => url.searchParams.has(name))
  } catch {
    return false
  }
}

/**
 * The address without its secret parameters, the rest kept as it was: a local path stays a local
 * path (`/en/join-brand?token=…` → `/en/join-brand`), a whole URL stays whole.
 */
export function withoutSecrets(href: string): string {
  let url: URL
  try {
    url = new URL(href, BASE)
  } catch {
    return href
  }
  if (!SECRET_PARAMS.some((name) => url.searchParams.has(name))) return href
  for (const name of SECRET_PARAMS) url.searchParams.delete(name)
  const search = url.searchParams.toString()
  const rest = `${url.pathname}${search ? `?${search}` : ''}${url.hash}`
  return url.origin === BASE && !/^[a-z][a-z0-9+.-]*:/i.test(href) ? rest : `${url.origin}${rest}`
}

const storageKey = (pathname: string) => `${STORAGE_PREFIX}${pathname}`

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * In the browser: when the address holds a secret, keeps the whole address for this tab and path,
 * then takes the secrets out of the address bar (the history entry's state kept). Returns the
 * address as it was opened: the one just taken, or the one kept for this path by an earlier visit
 * of this tab (a reload); null when there is neither.
 */
export function takeSecretAddress(): URL | null {
  const here = new URL(window.location.href)
  const key = storageKey(here.pathname)
  if (hasSecrets(here.href)) {
    storage()?.setItem(key, here.href)
    // The address bar only: past the router's watch of the history (it patches the window's
    // replaceState), so the page goes on as it was opened and hydrates with what the server rendered.
    const replace = typeof History === 'undefined' ? window.history.replaceState : History.prototype.replaceState
    replace.call(window.history, window.history.state, '', withoutSecrets(`${here.pathname}${here.search}${here.hash}`))
    return here
  }
  const kept = storage()?.getItem(key)
  if (!kept) return null
  try {
    return new URL(kept)
  } catch {
    return null
  }
}

/** Forgets the address kept for this path once its link has done its work. */
export function forgetSecretAddress(): void {
  storage()?.removeItem(storageKey(window.location.pathname))
}

/**
 * A secret parameter of the page's address, for a page that acts on it: ready at once (during
 * server rendering too) when the address holds it; otherwise once the browser has looked for one
 * this tab kept (a reload after it left the address). Either way, once the page is in the browser
 * the address bar no longer holds it, and the value stays the page's.
 */
export function useAddressSecret(name: (typeof SECRET_PARAMS)[number], inAddress: string | undefined): { ready: boolean; value: string | undefined } {
  const [secret, setSecret] = useState({ ready: inAddress !== undefined, value: inAddress })
  // When the page opens, and when a new link is opened over it (once its secret has left the
  // address, the router's search loses it too: the value read stays).
  useEffect(() => {
    const value = takeSecretAddress()?.searchParams.get(name) ?? undefined
    // The address bar and the tab's storage are the browser's: read after hydration, as the server cannot know them.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSecret((current) => ({ ready: true, value: value ?? current.value }))
  }, [name, inAddress])
  return secret
}
