import { catalogUrl, i18n, type Locale } from './i18n'

/** Loaded messages are kept in memory for 24 hours; a tab open longer fetches them again. */
export const MESSAGES_LIFETIME_MS = 24 * 60 * 60 * 1000

let loaded: { locale: Locale; at: number } | null = null

/**
 * The locale's messages in the browser, fetched once (the server's preload link has usually
 * fetched them already while the scripts were loading) and activated. Resolves once they are.
 */
export async function ensureMessages(locale: Locale, now: () => number = Date.now): Promise<void> {
  if (loaded?.locale === locale && now() - loaded.at < MESSAGES_LIFETIME_MS) return
  const response = await fetch(catalogUrl(locale))
  if (!response.ok) throw new Error(`The ${locale} messages could not be loaded (${response.status})`)
  i18n.load(locale, await response.json())
  i18n.activate(locale)
  loaded = { locale, at: now() }
}
