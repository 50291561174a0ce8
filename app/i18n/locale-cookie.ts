/** The locale cookie: name, 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/** Secure outside local mode (local mode serves plain HTTP on loopback). */
export function localeCookieHeader(locale: string, secure = false): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The first path segment when it looks like a locale route (`/en`, `/en/…`). */
export function localeOfPath(pathname: string): string | undefined {
  const match = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)
  return match?.[1]
}
