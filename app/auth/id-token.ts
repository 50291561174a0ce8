import { createClientOnlyFn } from '@tanstack/react-start'

/** Where fresh ID tokens come from once Firebase is loaded in this browser (firebase-web.ts). */
let tokenSource: (() => Promise<string | null>) | null = null

export function setIdTokenSource(source: () => Promise<string | null>): void {
  tokenSource = source
}

/**
 * A fresh ID token of the member signed in in this browser, or null (browser only). Null too while
 * Firebase is not loaded: the session cookie then speaks for the member, and a call never fetches
 * Firebase's SDK just to attach a token.
 */
export const freshIdToken = createClientOnlyFn(async (): Promise<string | null> => (tokenSource ? tokenSource().catch(() => null) : null))
