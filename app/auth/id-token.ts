import { createClientOnlyFn } from '@tanstack/react-start'

/** A fresh ID token of the member signed in in this browser, or null (browser only). */
export const freshIdToken = createClientOnlyFn(async (): Promise<string | null> => {
  const { currentIdToken } = await import('./firebase-web')
  return currentIdToken().catch(() => null)
})
