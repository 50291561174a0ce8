import { LOCALE_COOKIE, localeCookieHeader, localeOfPath } from '~/i18n/locale-cookie'
import { isNoStore, PUBLIC_PAGE_CACHE_CONTROL } from './public-page-cache'
import { isLocale, LOCALES } from '~/i18n/i18n'
import { localePath } from '~/lib/locale'
import { withEditedHeaders } from './response-headers'

/** Crawlers and bots: they get pages, never error pages. */
export const BOT_USER_AGENT = /bot|chrome-lighthouse|facebookexternalhit|google/i

export function isBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_USER_AGENT.test(userAgent)
}

const NOT_FOUND_PAGES = new Set(['/404', ...LOCALES.map((locale) => localePath('/404', locale))])

/** The load balancer's liveness and readiness probes (app/routes/healthz.ts, readyz.ts). */
const PROBE_PATHS = new Set(['/healthz', '/readyz'])

export function isProbe(request: Request): boolean {
  return PROBE_PATHS.has(new URL(request.url).pathname)
}

type Logger = Pick<Console, 'warn' | 'error'>

/**
 * What every page response goes through on its way out: the not-found log line, the locale
 * cookie, and the bot rule (a bot that meets an error gets the bare status, and the error is only
 * logged).
 */
export function finishPageResponse(
  request: Request,
  response: Response,
  options: { sessionCookie?: string; secureCookies?: boolean; log?: Logger } = {},
): Response {
  const log = options.log ?? console
  const { pathname } = new URL(request.url)

  if (response.status === 404 && !NOT_FOUND_PAGES.has(pathname)) log.warn(`Page not found: ${pathname}`)
  if (response.status >= 500) log.error(`Page failed with status ${response.status}: ${pathname}`)

  if (response.status >= 400 && isBot(request.headers.get('user-agent'))) {
    return new Response(null, { status: response.status })
  }

  const locale = localeOfPath(pathname)
  // The locale cookie once per browser: a page that sets no cookie can be kept by a shared cache.
  const setLocale = !!locale && isLocale(locale) && response.status < 400 && cookieValue(request, LOCALE_COOKIE) !== locale
  // Any page rendered for a member carries their data (the header's name and points, at least):
  // never for a shared cache. A whole page every anonymous visitor gets alike may be kept by one.
  const forMember = !!options.sessionCookie && cookieValue(request, options.sessionCookie) !== null
  const shared =
    !forMember &&
    response.status === 200 &&
    request.method === 'GET' &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !isNoStore(response)
  if (!setLocale && !forMember && !shared) return response
  return withEditedHeaders(response, (headers) => {
    if (setLocale) headers.append('Set-Cookie', localeCookieHeader(locale, options.secureCookies))
    if (forMember) headers.set('Cache-Control', 'private, no-store')
    else if (shared) {
      headers.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
      // A shared cache must not hand this copy to a member (whose cookie differs).
      headers.append('Vary', 'Cookie')
    }
  })
}

/** Whether a request may be answered with the page every anonymous visitor gets (public-page-cache.ts). */
export function isAnonymousPageRequest(request: Request, sessionCookie: string): boolean {
  // Test-only fault injection must reach the renderer every time.
  return request.method === 'GET' && !request.headers.has('x-portal-fault') && cookieValue(request, sessionCookie) === null
}

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}
