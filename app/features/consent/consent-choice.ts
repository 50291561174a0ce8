// Where the visitor's consent choice is stored, and how the cookie button (in every page's footer)
// stores it. Reading it back and what it means for the tags (consent.ts) only analytics needs, which
// loads after the page: they stay out of every page's first script.
import type { ConsentChoice } from './consent'

/** Where the visitor's consent choice is kept (spelt `selectedConcent`: a stored choice is read under exactly this name). */
export const CONSENT_STORAGE_KEY = 'selectedConcent'

export function writeConsent(choice: ConsentChoice, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice))
}
