import { localeCookieHeader, localeOfPath } from '~/i18n/locale-cookie'
import { isLocale } from '~/i18n/i18n'

/** Crawlers and bots (spec sections 8 and 9): they get pages, never error pages. */
export const BOT_USER_AGENT = /bot|chrome-lighthouse|facebookexternalhit|google/i

export function isBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_USER_AGENT.test(userAgent)
}

const NOT_FOUND_PAGES = new Set(['/404', '/en/404'])

type Logger = Pick<Console, 'warn' | 'error'>

/**
 * What every page response goes through on its way out: the not-found log line, the locale
 * cookie, and the bot rule (a bot that meets an error gets the bare status, and the error is only
 * logged).
 */
export function finishPageResponse(request: Request, response: Response, options: { sessionCookie?: string; log?: Logger } = {}): Response {
  const log = options.log ?? console
  const { pathname } = new URL(request.url)

  if (response.status === 404 && !NOT_FOUND_PAGES.has(pathname)) log.warn(`Page not found: ${pathname}`)
  if (response.status >= 500) log.error(`Page failed with status ${response.status}: ${pathname}`)

  if (response.status >= 400 && isBot(request.headers.get('user-agent'))) {
    return new Response(null, { status: response.status })
  }

  const locale = localeOfPath(pathname)
  const setLocale = !!locale && isLocale(locale) && response.status < 400
  // Any page rendered for a member carries their data (the header's name and points, at least):
  // never for a shared cache.
  const forMember = !!options.sessionCookie && hasCookie(request, options.sessionCookie)
  if (!setLocale && !forMember) return response
  const headers = new Headers(response.headers)
  if (setLocale) headers.append('Set-Cookie', localeCookieHeader(locale))
  if (forMember) headers.set('Cache-Control', 'private, no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`))
}
